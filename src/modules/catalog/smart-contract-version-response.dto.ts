import { ApiProperty } from '@nestjs/swagger';
import { SMART_CONTRACT_VERSION_ID, type SmartContractVersion } from './catalog';

export class SmartContractVersionResponseDto {
  @ApiProperty({ example: '1.2.0-tvm-728126428', pattern: SMART_CONTRACT_VERSION_ID.source })
  id: string;

  @ApiProperty({ example: '1.2.0' })
  version: string;

  @ApiProperty({ enum: ['evm', 'tvm'], example: 'tvm' })
  networkType: 'evm' | 'tvm';

  @ApiProperty({
    type: String,
    nullable: true,
    example: '728126428',
    description: 'The Tron chain id; null for evm, which serves every EVM chain.',
  })
  chainId: string | null;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'ABI of the multisig account contract.',
  })
  accountAbi: unknown[];

  @ApiProperty({
    type: 'object',
    properties: { name: { type: 'string', example: 'MultiSigWallet' }, version: { type: 'string', example: '1.2.0' } },
    required: ['name', 'version'],
    description:
      'EIP-712 domain name and version to sign operations with (chainId and verifyingContract come from the deployment).',
  })
  eip712Domain: { name: string; version: string };

  @ApiProperty({
    example: '0xebd9a76d138a07c3116adfca7a7f15d6b73d3d16b934181c461e494a77e115c4',
    pattern: '^0x[0-9a-f]{64}$',
    description: 'keccak256 of the deposit account creation code: with CREATE2 it derives invoice addresses.',
  })
  depositAccountInitCodeHash: string;

  @ApiProperty({ example: true })
  isLatest: boolean;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  static from(version: SmartContractVersion): SmartContractVersionResponseDto {
    return {
      id: version.id,
      version: version.version,
      networkType: version.networkType,
      chainId: version.chainId,
      accountAbi: [...version.accountAbi],
      eip712Domain: { name: version.eip712Domain.name, version: version.eip712Domain.version },
      depositAccountInitCodeHash: version.depositAccountInitCodeHash,
      isLatest: version.isLatest,
      createdAt: version.createdAt.toISOString(),
    };
  }
}
