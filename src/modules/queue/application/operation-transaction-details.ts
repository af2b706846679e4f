import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QueueOperation } from '../domain/queue-operation';
import type { QueueOperationType } from '../domain/queue-operation-status';

/** What an executed operation moved, for its OUT row in the transactions read model. */
export interface OperationTransactionDetails {
  /** Canonical catalog currency id. */
  readonly currencyId: string;
  /** Unsigned base units; the read model shows OUT amounts as negative. */
  readonly amount: bigint;
  /** Recipient in display form (EIP-55 or Tron base58). */
  readonly toAddress: string;
}

export type OperationTransactionDetailsProvider = (
  operation: QueueOperation,
  manager: EntityManager,
) => Promise<OperationTransactionDetails | undefined>;

/**
 * The queue records one OUT transaction per executed operation (docs/chain-events.md), but only the context that
 * created an operation knows what it pays out: payouts know the currency, amount and recipient of a
 * PAYOUT. Such a context registers a provider for its operation type at start-up; the execution
 * handler asks it, inside the event's transaction, before the row is recorded, so the one writer of
 * `transactions` (the recorder) writes the row complete the first time.
 */
@Injectable()
export class OperationTransactionDetailsProviders {
  private readonly providers = new Map<QueueOperationType, OperationTransactionDetailsProvider>();

  register(type: QueueOperationType, provider: OperationTransactionDetailsProvider): void {
    if (this.providers.has(type)) throw new Error(`a transaction details provider for ${type} is already registered`);
    this.providers.set(type, provider);
  }

  async detailsOf(operation: QueueOperation, manager: EntityManager): Promise<OperationTransactionDetails | undefined> {
    return this.providers.get(operation.type)?.(operation, manager);
  }
}
