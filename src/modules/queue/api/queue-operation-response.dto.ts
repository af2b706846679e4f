import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageDto } from '../../../shared/http/query-params';
import { QueueOperationView } from '../domain/queue-operation';
import {
  QUEUE_OPERATION_STATUSES,
  QUEUE_OPERATION_TYPES,
  QueueOperationStatus,
  QueueOperationType,
} from '../domain/queue-operation-status';

export class OperationCallDto {
  @ApiProperty({
    description: 'UniversalAddress: EVM checksum or Tron base58',
    example: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  })
  to: string;

  @ApiProperty({ description: 'Native coin value in base units (uint256 as a decimal string)', example: '0' })
  value: string;

  @ApiProperty({ description: 'Calldata, 0x-prefixed hex', example: '0x' })
  data: string;
}

export class OperationSignatureDto {
  @ApiProperty({ description: 'Signer address (display form)' })
  user: string;

  @ApiProperty({
    description:
      'The signature as the contract version takes it (raw 65 bytes for 1.0.0, packed entry for later versions)',
  })
  sign: string;
}

export class QueueOperationResponseDto implements QueueOperationView {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    description: 'bytes32 id passed to execute: 16 zero bytes ‖ the UUID bytes',
    example: `0x${'0'.repeat(32)}0193a4c27d1e7a529f2b3c4d5e6f7a8b`,
  })
  executeOperationId: string;

  @ApiProperty({ example: '5' })
  nonce: string;

  @ApiProperty({ enum: QUEUE_OPERATION_TYPES })
  operationType: QueueOperationType;

  @ApiProperty({ enum: QUEUE_OPERATION_STATUSES })
  status: QueueOperationStatus;

  @ApiProperty({ type: [OperationCallDto] })
  calls: OperationCallDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'MULTISIG_CONFIG_CHANGE {approvers, threshold}; PAYOUT {payoutId}; REJECT {}; DAPP_TRANSACTION {decodedOperations?}',
  })
  payload: Record<string, unknown>;

  @ApiProperty({ example: 1 })
  signaturesCollected: number;

  @ApiProperty({ example: 2 })
  signaturesRequired: number;

  @ApiProperty({ type: String, nullable: true })
  txHash: string | null;

  @ApiProperty()
  userSigned: boolean;

  @ApiProperty()
  canSign: boolean;

  @ApiProperty()
  canExecute: boolean;

  @ApiProperty()
  canDelete: boolean;

  @ApiProperty()
  canReject: boolean;

  @ApiProperty()
  isBlocked: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ description: "Creator's address (display form)" })
  createdBy: string;

  @ApiProperty({ type: [OperationSignatureDto], description: 'Ascending by signer' })
  signatures: OperationSignatureDto[];

  @ApiProperty({ type: String, nullable: true, description: 'The signatures argument of execute, once READY' })
  signatureBlob: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  dappMetadata: Record<string, unknown> | null;
}

export class DeploymentQueueResponseDto extends PageDto {
  @ApiProperty({ type: [QueueOperationResponseDto] })
  items: QueueOperationResponseDto[];

  @ApiProperty({ example: '5', description: "The deployment's currentNonce" })
  nextExecutableNonce: string;
}

export class SignatureResponseDto {
  @ApiProperty({ format: 'uuid' })
  operationId: string;

  @ApiProperty()
  signaturesCollected: number;

  @ApiProperty()
  signaturesRequired: number;

  @ApiProperty()
  canExecute: boolean;

  @ApiProperty()
  userSigned: boolean;

  @ApiProperty({ type: [OperationSignatureDto] })
  signatures: OperationSignatureDto[];
}
