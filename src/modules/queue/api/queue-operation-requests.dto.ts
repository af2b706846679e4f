import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  PaginationQueryDto,
  QueryArray,
  QueryEnum,
  QueryText,
  QueryTimestamp,
} from '../../../shared/http/query-params';
import {
  QUEUE_OPERATION_STATUSES,
  QUEUE_OPERATION_TYPES,
  QueueOperationStatus,
  QueueOperationType,
} from '../domain/queue-operation-status';
import { MAX_OPERATION_CALLDATA_BYTES, MAX_OPERATION_CALLS } from '../domain/call';

const NONCE = /^\d{1,78}$/;

/** Shape only; whether `to` fits the network and `value` fits uint256 is checked by the domain. */
export class CallDto {
  @ApiProperty({ example: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })
  @IsString()
  @MaxLength(100)
  to: string;

  @ApiProperty({ example: '0', description: 'Non-negative integer string (base units)' })
  @IsString()
  @Matches(NONCE, { message: 'value must be a non-negative integer string' })
  value: string;

  @ApiProperty({ example: '0x', description: '0x-prefixed hex of even length' })
  @IsString()
  @Matches(/^0x([0-9a-fA-F]{2})*$/, { message: 'data must be 0x-prefixed hex of even length' })
  data: string;
}

export class CreateMultisigConfigChangeOperationDto {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: 32,
    description: 'New approvers: unique addresses of the deployment network',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(32)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  approvers: string[];

  @ApiProperty({ minimum: 1, example: 2 })
  @IsInt()
  @Min(1)
  threshold: number;

  @ApiProperty({
    type: [CallDto],
    minItems: 1,
    maxItems: MAX_OPERATION_CALLS,
    description: `At most ${MAX_OPERATION_CALLS} calls, whose data hold at most ${MAX_OPERATION_CALLDATA_BYTES} bytes together (else 400)`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_OPERATION_CALLS)
  @ValidateNested({ each: true })
  @IsObject({ each: true })
  @Type(() => CallDto)
  calls: CallDto[];
}

export class CreateRejectOperationDto {
  @ApiProperty({ example: '5', description: 'Nonce to consume; at least the current nonce' })
  @IsString()
  @Matches(NONCE, { message: 'nonce must be a non-negative integer string' })
  nonce: string;
}

export class SubmitSignatureDto {
  @ApiProperty({
    description: '1.0.0: raw 65-byte signature; ≥ 1.1.0: signer(20) ‖ uint16 BE length ‖ signature. Hex.',
  })
  @IsString()
  @MaxLength(1000)
  signature: string;
}

export class UpdateOperationNonceDto {
  @ApiProperty({ example: '6' })
  @IsString()
  @Matches(NONCE, { message: 'nonce must be a non-negative integer string' })
  nonce: string;
}

export class DeploymentQueueQueryDto extends PaginationQueryDto {
  @QueryArray({ enum: QUEUE_OPERATION_STATUSES })
  statuses?: QueueOperationStatus[];

  @QueryArray({ enum: QUEUE_OPERATION_TYPES })
  operationTypes?: QueueOperationType[];

  @QueryText({ description: 'Case-insensitive substring of the creator address' })
  createdBy?: string;

  @QueryTimestamp('Inclusive lower bound')
  createdAtFrom?: string;

  @QueryTimestamp('Inclusive upper bound')
  createdAtTo?: string;

  @QueryEnum(['asc', 'desc'], { default: 'asc' })
  sortOrder?: 'asc' | 'desc';
}
