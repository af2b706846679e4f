import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7, uuidv7After } from '../../../shared/domain/ids';
import { CatalogService } from '../../catalog/catalog.service';
import {
  nextTransactionStatus,
  TransactionDirection,
  TransactionOperationType,
  TransactionStatus,
} from '../../../shared/domain/transaction-status';
import {
  FiatRates,
  NewTransaction,
  ProgressUpdate,
  StoredTransaction,
  TransactionRepository,
} from '../domain/transaction.repository';
import type { TransferEventDto } from '../../chain/application/chain-event.dto';
import { sourceKey } from '../../chain/application/transaction-identity';

export interface TransactionObservation {
  readonly deploymentId: string;
  readonly chainId: string;
  /**
   * What makes this row unique on its chain, so repeated observations update one row: always built
   * by `sourceKey` (chain/application/transaction-identity.ts) from the intake-normalised hash.
   */
  readonly sourceKey: string;
  readonly direction: TransactionDirection;
  readonly txHash: string;
  readonly status: TransactionStatus;
  readonly confirmations: number;
  readonly operationType: TransactionOperationType;
  readonly currencyId?: string | null;
  /** Unsigned base units; the sign shown to clients follows `direction`. */
  readonly amount?: bigint;
  readonly fromAddress?: string | null;
  readonly toAddress?: string | null;
  readonly operationId?: string | null;
  readonly invoiceId?: string | null;
  readonly blockNumber?: string | null;
  readonly fee?: bigint | null;
}

export interface RecordedTransaction {
  readonly id: string;
  readonly status: TransactionStatus;
  /** Undefined when this observation created the row. */
  readonly previousStatus: TransactionStatus | undefined;
  /** What the row moved and whose invoice it is, as stored (a later observation changes none of them). */
  readonly amount: bigint;
  readonly currencyId: string | null;
  readonly invoiceId: string | null;
}

/**
 * A row a group's transaction holds: locked by `prefetch` (or absent then, so this transaction
 * inserts it), with what the group's observations changed, written by `flush`.
 */
interface HeldRow {
  current: StoredTransaction;
  /** Set when the row is new: the whole row, inserted by `flush`. */
  insert?: NewTransaction;
  /** Set when a stored row changed: its update, written by `flush`. */
  update?: ProgressUpdate;
}

/** A group's rows, by `${chainId} ${sourceKey}` (null when absent), and the id of the last it created. */
interface HeldRows {
  readonly rows: Map<string, HeldRow | null>;
  /** Rows one statement inserts share `created_at`: their ids, in the order created, list them in that order. */
  lastNewId?: string;
}

/**
 * The fiat rates of the moment for these currencies (by currency id; a currency without any rate may
 * be missing). Registered by the balances context, which owns the rates providers.
 */
export type RatesOfTheMoment = (currencyIds: readonly string[]) => Promise<ReadonlyMap<string, FiatRates>>;

/** Thrown by `flush` when another transaction inserted one of the group's new rows first. */
export class HeldRowTaken extends Error {
  constructor() {
    super('another transaction inserted a row this group was to insert');
  }
}

/**
 * The one writer of the transactions read model, used by every context's chain-event handlers
 * inside the event's database transaction. Observations may arrive in any order: the row is
 * locked, the status only moves forward, confirmations only grow, `confirmedAt` is set once.
 *
 * A group of transfers (`prefetch`, then `record` each, then `flush`) is written in two statements
 * at its end, whatever its size: one insert of its new rows, one update of its stored rows. The rows
 * are locked (or known absent) from `prefetch` on, so what this transaction holds in memory is what
 * the database would answer it; the rollup triggers then run once per statement over all its rows.
 */
@Injectable()
export class TransactionRecorder {
  /** Per open transaction: the rows `prefetch` locked. */
  private readonly held = new WeakMap<EntityManager, HeldRows>();
  private ratesOfTheMoment: RatesOfTheMoment | undefined;

  constructor(
    private readonly transactions: TransactionRepository,
    private readonly catalog: CatalogService,
  ) {}

  /**
   * Where the rates stored with a transaction when it becomes CONFIRMED come from (one source; the
   * balances context registers its rates provider at start). Without one, rows confirm without rates.
   */
  useRatesAtConfirmation(source: RatesOfTheMoment): void {
    this.ratesOfTheMoment = source;
  }

  /**
   * Locks, in one statement, the rows a group of observations about to be recorded in this
   * transaction will name; from then on `record` keeps their changes in memory until `flush`.
   */
  async prefetch(manager: EntityManager, chainId: string, sourceKeys: readonly string[]): Promise<void> {
    if (sourceKeys.length === 0) return;
    const found = await this.transactions.lockManyBySource(manager, chainId, sourceKeys);
    const held: HeldRows = this.held.get(manager) ?? { rows: new Map() };
    for (const key of sourceKeys) {
      const heldKey = `${chainId} ${key}`;
      if (held.rows.has(heldKey)) continue;
      const row = found.get(key);
      held.rows.set(heldKey, row === undefined ? null : { current: row });
    }
    this.held.set(manager, held);
  }

  /** Writes what `record` kept in memory for this transaction's prefetched rows: a statement each for new and changed rows. */
  async flush(manager: EntityManager): Promise<void> {
    const held = this.held.get(manager);
    if (held === undefined) return;
    this.held.delete(manager);
    const rows = [...held.rows.values()].filter((row) => row !== null);
    const confirming = rows.filter(
      (row) => (row.insert ?? row.update?.progress)?.status === 'CONFIRMED' && row.current.currencyId !== null,
    );
    const rates = await this.ratesFor(confirming.map((row) => row.current.currencyId));
    const ratesOf = (row: HeldRow) =>
      row.current.currencyId === null ? null : (rates.get(row.current.currencyId) ?? null);
    const inserts = rows.flatMap((row) =>
      row.insert === undefined ? [] : [{ ...row.insert, ratesAtConfirmation: ratesOf(row) }],
    );
    const inserted = await this.transactions.insertAbsent(manager, inserts);
    // What this transaction counted for such a row (an invoice's paid amount) assumed it new: the
    // caller applies the group again one event at a time, where the insert's conflict is found first.
    if (inserted.size !== inserts.length) throw new HeldRowTaken();
    await this.transactions.saveProgress(
      manager,
      rows.flatMap((row) => (row.update === undefined ? [] : [{ ...row.update, ratesAtConfirmation: ratesOf(row) }])),
    );
  }

  async record(manager: EntityManager, observation: TransactionObservation): Promise<RecordedTransaction> {
    const held = this.held.get(manager);
    const heldKey = `${observation.chainId} ${observation.sourceKey}`;
    if (held?.rows.has(heldKey)) return this.recordHeld(held, heldKey, observation);

    const current = await this.transactions.lockBySource(manager, observation.chainId, observation.sourceKey);
    if (current === undefined) {
      const fresh = this.newRow(observation);
      const row =
        fresh.status === 'CONFIRMED' ? { ...fresh, ratesAtConfirmation: await this.rateOf(fresh.currencyId) } : fresh;
      const inserted = await this.transactions.insertAbsent(manager, [row]);
      // Another batch inserted the same row between our SELECT and INSERT: apply on top of it.
      if (inserted.size === 0) return this.record(manager, observation);
      return { ...recorded(row), previousStatus: undefined };
    }
    const update = this.progressOf(current, observation);
    if (update !== undefined) {
      const confirms = update.progress.status === 'CONFIRMED' && current.status !== 'CONFIRMED';
      const ratesAtConfirmation = confirms ? await this.rateOf(current.currencyId) : null;
      await this.transactions.saveProgress(manager, [{ ...update, ratesAtConfirmation }]);
    }
    return { ...recorded({ ...current, ...update?.progress }), previousStatus: current.status };
  }

  /**
   * A `transfer` event into the service (IN): a deployment's direct deposit or an invoice's deposit,
   * keyed and filled from the event the same way for both; the caller says whose and in what spelling.
   */
  recordTransferIn(
    manager: EntityManager,
    event: TransferEventDto,
    row: Pick<
      TransactionObservation,
      'deploymentId' | 'operationType' | 'operationId' | 'invoiceId' | 'fromAddress' | 'toAddress'
    >,
  ): Promise<RecordedTransaction> {
    return this.record(manager, {
      ...row,
      chainId: event.chainId,
      sourceKey: sourceKey.transfer(event.txHash, event.logIndex, event.blockHash),
      direction: 'IN',
      txHash: event.txHash,
      status: event.status,
      confirmations: event.confirmations,
      currencyId: event.currencyId,
      amount: BigInt(event.amount),
      blockNumber: event.blockNumber ?? null,
      fee: event.fee === undefined ? undefined : BigInt(event.fee),
    });
  }

  /**
   * A mined claim swept these invoices' deposit accounts in one currency: their mined, unclaimed
   * deposits become claimed. Answers the invoices whose deposits changed (for their callbacks).
   */
  markClaimed(
    manager: EntityManager,
    sweep: { readonly deploymentId: string; readonly currencyId: string; readonly invoiceIds: readonly string[] },
  ): Promise<string[]> {
    return this.transactions.markClaimed(manager, sweep);
  }

  private recordHeld(held: HeldRows, heldKey: string, observation: TransactionObservation): RecordedTransaction {
    const row = held.rows.get(heldKey);
    if (row === null || row === undefined) {
      const insert = this.newRow(observation, uuidv7After(held.lastNewId));
      held.lastNewId = insert.id;
      held.rows.set(heldKey, { current: storedOf(insert), insert });
      return { ...recorded(insert), previousStatus: undefined };
    }
    const before = row.current;
    const update = this.progressOf(before, observation);
    if (update !== undefined) {
      row.current = { ...before, ...update.progress };
      if (row.insert !== undefined) {
        row.insert = {
          ...row.insert,
          ...update.progress,
          id: row.insert.id,
          blockNumber: update.seen.blockNumber ?? row.insert.blockNumber,
          fee: update.seen.fee ?? row.insert.fee,
        };
      } else {
        row.update = {
          progress: update.progress,
          seen: {
            blockNumber: update.seen.blockNumber ?? row.update?.seen.blockNumber ?? null,
            fee: update.seen.fee ?? row.update?.seen.fee ?? null,
          },
        };
      }
    }
    return { ...recorded(row.current), previousStatus: before.status };
  }

  /** Rates of the moment by currency id; none without a source or when the source fails. */
  private async ratesFor(currencyIds: readonly (string | null)[]): Promise<ReadonlyMap<string, FiatRates>> {
    const ids = [...new Set(currencyIds.filter((id): id is string => id !== null))];
    if (ids.length === 0 || this.ratesOfTheMoment === undefined) return new Map();
    // A rate is a nicety of the record: a failing source never stops a transaction from confirming.
    return this.ratesOfTheMoment(ids).catch(() => new Map<string, FiatRates>());
  }

  private async rateOf(currencyId: string | null): Promise<FiatRates | null> {
    return currencyId === null ? null : ((await this.ratesFor([currencyId])).get(currencyId) ?? null);
  }

  /** The row an observation creates, its status decided. */
  private newRow(observation: TransactionObservation, id = uuidv7()): NewTransaction {
    const required = this.requiredConfirmations(observation.chainId);
    return {
      id,
      deploymentId: observation.deploymentId,
      chainId: observation.chainId,
      sourceKey: observation.sourceKey,
      direction: observation.direction,
      status: nextTransactionStatus(undefined, observation.status, observation.confirmations, required),
      txHash: observation.txHash,
      currencyId: observation.currencyId ?? null,
      amount: observation.amount ?? 0n,
      fromAddress: observation.fromAddress ?? null,
      toAddress: observation.toAddress ?? null,
      operationId: observation.operationId ?? null,
      operationType: observation.operationType,
      invoiceId: observation.invoiceId ?? null,
      blockNumber: observation.blockNumber ?? null,
      fee: observation.fee ?? null,
      confirmations: observation.confirmations,
    };
  }

  /** What a later observation changes on a stored row; undefined when it changes nothing. */
  private progressOf(current: StoredTransaction, observation: TransactionObservation): ProgressUpdate | undefined {
    const required = this.requiredConfirmations(observation.chainId);
    const confirmations = Math.max(current.confirmations, observation.confirmations);
    const status = nextTransactionStatus(current.status, observation.status, confirmations, required);
    if (
      status === current.status &&
      confirmations === current.confirmations &&
      !observation.blockNumber &&
      observation.fee === undefined
    )
      return undefined;
    return {
      progress: { id: current.id, status, confirmations },
      seen: { blockNumber: observation.blockNumber ?? null, fee: observation.fee ?? null },
    };
  }

  /** A chain the catalog does not know never confirms. */
  private requiredConfirmations(chainId: string): number {
    return this.catalog.findNetwork(chainId)?.requiredConfirmations ?? Number.MAX_SAFE_INTEGER;
  }
}

function storedOf(row: NewTransaction): StoredTransaction {
  const { id, status, confirmations, amount, currencyId, invoiceId } = row;
  return { id, status, confirmations, amount, currencyId, invoiceId };
}

function recorded(row: StoredTransaction): Omit<RecordedTransaction, 'previousStatus'> {
  return { id: row.id, status: row.status, amount: row.amount, currencyId: row.currencyId, invoiceId: row.invoiceId };
}
