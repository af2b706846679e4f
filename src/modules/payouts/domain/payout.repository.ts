import type { EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';
import type { Payout } from './payout';
import type { PayoutStatus } from './payout-status';

/** The list's filters and sort. */
export interface PayoutFilter {
  readonly idContains?: string;
  readonly trackingIdContains?: string;
  readonly createdByContains?: string;
  readonly toAddressContains?: string;
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  readonly updatedFrom?: Date;
  readonly updatedTo?: Date;
  /** Canonical currency ids. */
  readonly currencyIds?: readonly string[];
  readonly statuses?: readonly PayoutStatus[];
  readonly sortBy: 'id' | 'createdAt' | 'updatedAt';
  readonly sortOrder: 'asc' | 'desc';
}

/** One page of the list. */
export interface PayoutListFilter extends PayoutFilter {
  readonly limit: number;
  readonly offset: string;
}

/**
 * Work inside a database transaction someone opened: the create use case (which also creates the
 * PAYOUT operation), a queue change a payout follows, or an execution event. Reads here lock.
 */
export interface PayoutUnitOfWork {
  insert(payout: Payout): Promise<void>;
  save(payout: Payout): Promise<void>;
  findForUpdate(deploymentId: string, payoutId: string): Promise<Payout | undefined>;
  /** The payout carried by this queue operation, locked; undefined for operations that carry none. */
  findByOperationForUpdate(queueOperationId: string): Promise<Payout | undefined>;
}

export abstract class PayoutRepository {
  /** Joins a transaction someone else opened (`manager` of a queue listener or chain-event handler). */
  abstract within(manager: EntityManager): PayoutUnitOfWork;
  abstract find(deploymentId: string, payoutId: string): Promise<Payout | undefined>;
  abstract list(deploymentId: string, filter: PayoutListFilter): Promise<{ total: number; items: Payout[] }>;
  /**
   * Recipients (20-byte hex) of the account's payouts created before `before` that equal one of
   * `addresses` or share its look-alike digits: the account's known payees that matter for them.
   */
  abstract recipientsNear(
    accountId: string,
    addresses: readonly Address[],
    before: Date,
    manager?: EntityManager,
  ): Promise<string[]>;
  /** Base units of the account's payouts of `currencyId` created since `since`, CANCELED and FAILED excluded. */
  abstract totalSince(manager: EntityManager, accountId: string, currencyId: string, since: Date): Promise<bigint>;
  /** Every payout matching the filter, in its order, at most `maxRows`, in batches from one snapshot. */
  abstract export(deploymentId: string, filter: PayoutFilter, maxRows: number): AsyncIterable<Payout[]>;
}
