import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { DEPLOYMENT_STATUSES, DeploymentStatus } from '../domain/deployment-status';
import { QueryBoolean, QueryText } from '../../../shared/http/query-params';
import { NoFormatCharacters } from '../../../shared/http/body-fields';

export class AccountInitialConfigDto {
  @ApiProperty({
    type: [String],
    example: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    description: 'Owners the wallet was created with (its initialize arguments), ascending by 20-byte form',
  })
  approvers: string[];

  @ApiProperty({ example: 2, description: 'Signatures required, as created' })
  threshold: number;
}

export class AccountResponseDto {
  @ApiProperty({ example: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b' })
  id: string;

  @ApiProperty({ example: 'Treasury' })
  name: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    description:
      'Multisig contract address: the same on every EVM chain. Null only for an account created before accounts owned a contract that was never deployed.',
  })
  contract: string | null;

  @ApiProperty({
    type: [String],
    example: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    description: 'Addresses of the members (read access)',
  })
  members: string[];

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  @ApiProperty({ type: AccountInitialConfigDto, nullable: true, description: 'Null with `contract`' })
  initialConfig: AccountInitialConfigDto | null;

  @ApiProperty({ example: false, description: 'Whether the account lives on Tron (TVM)' })
  isTron: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '1.2.0-evm',
    description: '{version}-{networkType} of the contract; null with `contract`',
  })
  smartContractVersionId: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Tron chain id of a Tron account; null for EVM accounts',
  })
  networkId: string | null;

  @ApiPropertyOptional({ example: false, description: 'JWT callers only: whether they hid this account' })
  isHidden?: boolean;
}

export class AccountDeploymentDto {
  @ApiProperty({ example: '0193a4c2-8e2f-7b63-a03c-4d5e6f7a8b9c' })
  deploymentId: string;

  @ApiProperty({ example: '1' })
  chainId: string;

  @ApiProperty({ example: 'Ethereum' })
  networkName: string;

  @ApiProperty({ type: [String], example: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })
  approvers: string[];

  @ApiProperty({ example: 1 })
  threshold: number;

  @ApiProperty({ enum: DEPLOYMENT_STATUSES, example: 'deployed' })
  deploymentStatus: DeploymentStatus;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '0x8f5a4d0ef1b0f8ab1b2b9ee2e0ad71c0c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6',
    description: 'The deploy transaction, once an indexer reported one',
  })
  transactionHash: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-11-21T20:02:55.123Z',
    description: 'When the deploy transaction was mined (confirmedAt once confirmed)',
  })
  deployedAt: string | null;
}

export class AccountDetailsDto {
  @ApiProperty({ type: AccountResponseDto })
  account: AccountResponseDto;

  @ApiProperty({ type: [AccountDeploymentDto], description: 'The account contract on each chain, oldest first' })
  deployments: AccountDeploymentDto[];
}

export class UpdateAccountDto {
  @ApiProperty({ example: 'Treasury', minLength: 1, maxLength: 128 })
  @IsString({ message: 'name must be a string' })
  @Length(1, 128, { message: 'name must be 1 to 128 characters' })
  @Matches(/\S/, { message: 'name must not be blank' })
  @NoFormatCharacters()
  name: string;
}

export class DeploymentParamsResponseDto {
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3', description: 'Wallet implementation to clone' })
  implementationAddress: string;

  @ApiProperty({
    example:
      '0x60b5bb3f00000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000100000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8',
    description: 'initialize(owners, threshold) calldata',
  })
  initializerBytecode: string;

  @ApiProperty({
    example: '2095837358150533830598634303174703755',
    description: 'saltNonce: the account UUID as a 128-bit integer, decimal',
  })
  nonce: string;

  @ApiProperty({ example: '0x4e59b44847b379578588920cA78FbF26c0B4956C', description: 'The ProxyFactory' })
  deployerAddress: string;
}

export class FindUserAccountsQueryDto {
  @QueryBoolean('JWT callers only: accounts they hid (true) or did not (false); ignored for API keys')
  isHidden?: boolean;
}

export class DeployParamsQueryDto {
  @QueryText({
    description:
      'Chain to deploy on; default: the chain whose factory fixes the account address (Tron: the account chain)',
  })
  @Matches(/^\d{1,20}$/, { message: 'chainId must be a decimal chain id' })
  chainId?: string;
}
