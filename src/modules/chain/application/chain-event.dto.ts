import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { TRANSACTION_STATUSES, TransactionStatus } from '../../../shared/domain/transaction-status';

/**
 * The indexer's wire format (SPEC §10). Shape only: whether an address fits the chain, or a
 * currency exists, is for the handler that applies the event.
 */
const BASE_UNITS = /^\d{1,78}$/;
const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;

abstract class ChainEventDto {
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  eventId: string;

  @IsString()
  @Matches(/^\d{1,20}$/, { message: 'chainId must be a decimal chain id' })
  chainId: string;

  @IsString()
  @Matches(TX_HASH, { message: 'txHash must be 64 hex characters (0x-prefixed on EVM)' })
  txHash: string;

  @IsIn(TRANSACTION_STATUSES)
  status: TransactionStatus;
}

export class TransferEventDto extends ChainEventDto {
  @IsIn(['transfer'])
  kind: 'transfer';

  @IsInt()
  @Min(0)
  logIndex: number;

  @IsString()
  @Matches(/^\d{1,20}$/)
  @IsOptional()
  blockNumber?: string;

  /**
   * The block the transfer was mined in, when the reporter knows it (the built-in indexer always
   * does). It becomes part of the transaction row's identity: a transfer dropped by a reorg stays
   * FAILED and the same transfer re-mined in another block is a new row.
   */
  @IsString()
  @Matches(/^0x[0-9a-fA-F]{64}$/, { message: 'blockHash must be 0x + 64 hex characters' })
  @IsOptional()
  blockHash?: string;

  @IsString()
  @MaxLength(100)
  fromAddress: string;

  @IsString()
  @MaxLength(100)
  toAddress: string;

  @IsString()
  @MaxLength(200)
  currencyId: string;

  @IsString()
  @Matches(BASE_UNITS, { message: 'amount must be a non-negative integer string in base units' })
  amount: string;

  @IsString()
  @Matches(BASE_UNITS, { message: 'fee must be a non-negative integer string in base units' })
  @IsOptional()
  fee?: string;

  @IsInt()
  @Min(0)
  confirmations: number;

  @IsString()
  @IsOptional()
  observedAt?: string;
}

export class ExecutionEventDto extends ChainEventDto {
  @IsIn(['execution'])
  kind: 'execution';

  @IsString()
  @MaxLength(100)
  deploymentAddress: string;

  @IsString()
  @Matches(/^\d{1,20}$/)
  @IsOptional()
  blockNumber?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @Matches(/^(0x)?[0-9a-fA-F]{64}$/, { each: true, message: 'each executeOperationId must be a bytes32 hex' })
  executeOperationIds: string[];

  @IsString()
  @Matches(BASE_UNITS)
  @IsOptional()
  fee?: string;

  @IsInt()
  @Min(0)
  confirmations: number;
}

export class ClaimEventDto extends ChainEventDto {
  @IsIn(['claim'])
  kind: 'claim';

  @IsString()
  @MaxLength(100)
  deploymentAddress: string;

  @IsString()
  @MaxLength(200)
  currencyId: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  // Decimal, or the bytes32 deposit id the SDK claims with (64 hex digits, 0x optional; SPEC §12.2).
  @Matches(/^(\d{1,78}|(0x)?[0-9a-fA-F]{64})$/, {
    each: true,
    message: 'each invoiceNonce must be a decimal string or 64 hex digits',
  })
  invoiceNonces: string[];

  @IsInt()
  @Min(0)
  @IsOptional()
  confirmations?: number;
}

export class DeployEventDto extends ChainEventDto {
  @IsIn(['deploy'])
  kind: 'deploy';

  @IsString()
  @MaxLength(100)
  deploymentAddress: string;

  @IsInt()
  @Min(0)
  @IsOptional()
  confirmations?: number;
}

export type ChainEvent = TransferEventDto | ExecutionEventDto | ClaimEventDto | DeployEventDto;
export type ChainEventKind = ChainEvent['kind'];

export const CHAIN_EVENT_CLASSES: Record<ChainEventKind, new () => ChainEvent> = {
  transfer: TransferEventDto,
  execution: ExecutionEventDto,
  claim: ClaimEventDto,
  deploy: DeployEventDto,
};

export class ChainEventBatchDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @Type(() => Object)
  events: unknown[];
}
