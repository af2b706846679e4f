import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { UINT256_MAX } from '../../../shared/domain/amount';
import type { ClaimEvent, DeployEvent, ExecutionEvent, TransferEvent } from '../domain/chain-event';
import { TRANSACTION_STATUSES, TransactionStatus } from '../../../shared/domain/transaction-status';

/**
 * The chain events' wire format (docs/chain-events.md), for reporters over HTTP and the CLI; each
 * class implements its event type (`domain/chain-event.ts`), which the built-in indexer builds.
 * Shape and range only: whether an address fits the event's chain, whether a currency exists and
 * whether the status agrees with the confirmations is checked by the intake, which knows the network.
 */
const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const BIGINT_MAX = (1n << 63n) - 1n;

/** A decimal string of an unsigned integer no larger than `max` (a uint256, a bigint column). */
function IsUnsignedDecimal(max: bigint, what: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isUnsignedDecimal',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /^\d{1,78}$/.test(value) && BigInt(value) <= max,
        defaultMessage: (args) => `${args?.property} must be ${what}`,
      },
    },
    options,
  );
}

const IsBaseUnits = (): PropertyDecorator =>
  IsUnsignedDecimal(UINT256_MAX, 'a non-negative integer string in base units, at most 2^256-1');

/** A count or index: a non-negative safe integer (a JSON number beyond 2^53 is not exact). */
function IsCount(): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    IsInt()(target, property);
    Min(0)(target, property);
    Max(Number.MAX_SAFE_INTEGER)(target, property);
  };
}

/**
 * A block number: a decimal string up to 2^63-1 (the column's range), or a non-negative safe integer
 * number, which is taken as its decimal string.
 */
function IsBlockNumber(): PropertyDecorator {
  return (target: object, property: string | symbol) => {
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value,
    )(target, property);
    IsUnsignedDecimal(BIGINT_MAX, 'a non-negative integer (a decimal string up to 2^63-1 or a safe integer)')(
      target,
      property,
    );
    IsOptional()(target, property);
  };
}

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

export class TransferEventDto extends ChainEventDto implements TransferEvent {
  @IsIn(['transfer'])
  kind: 'transfer';

  @IsCount()
  logIndex: number;

  @IsBlockNumber()
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

  @IsBaseUnits()
  amount: string;

  @IsBaseUnits()
  @IsOptional()
  fee?: string;

  @IsCount()
  confirmations: number;

  /** When the reporter saw the transfer; informational, never stored. */
  @IsISO8601({ strict: true })
  @MaxLength(40)
  @IsOptional()
  observedAt?: string;
}

export class ExecutionEventDto extends ChainEventDto implements ExecutionEvent {
  @IsIn(['execution'])
  kind: 'execution';

  @IsString()
  @MaxLength(100)
  deploymentAddress: string;

  @IsBlockNumber()
  blockNumber?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @Matches(/^(0x)?[0-9a-fA-F]{64}$/, { each: true, message: 'each executeOperationId must be a bytes32 hex' })
  executeOperationIds: string[];

  @IsBaseUnits()
  @IsOptional()
  fee?: string;

  @IsCount()
  confirmations: number;
}

export class ClaimEventDto extends ChainEventDto implements ClaimEvent {
  @IsIn(['claim'])
  kind: 'claim';

  @IsString()
  @MaxLength(100)
  deploymentAddress: string;

  /** Where the swept money went: absent or the wallet for `claim`, `claimTo`'s `to` otherwise. */
  @IsString()
  @MaxLength(100)
  @IsOptional()
  toAddress?: string;

  @IsString()
  @MaxLength(200)
  currencyId: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  // Decimal, or the bytes32 deposit id the SDK claims with (64 hex digits, 0x optional; docs/contract.md, Wire details).
  @Matches(/^(\d{1,78}|(0x)?[0-9a-fA-F]{64})$/, {
    each: true,
    message: 'each invoiceNonce must be a decimal string or 64 hex digits',
  })
  invoiceNonces: string[];

  @IsCount()
  @IsOptional()
  confirmations?: number;
}

export class DeployEventDto extends ChainEventDto implements DeployEvent {
  @IsIn(['deploy'])
  kind: 'deploy';

  @IsString()
  @MaxLength(100)
  deploymentAddress: string;

  @IsCount()
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
