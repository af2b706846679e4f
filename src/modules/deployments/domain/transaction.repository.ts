import type { EntityManager } from 'typeorm';
import type {
  TransactionDirection,
  TransactionOperationType,
  TransactionStatus,
} from '../../../shared/domain/transaction-status';

/** What an observation may change on a stored row. */
export interface TransactionProgress {
  readonly id: string;
  readonly status: TransactionStatus;
  readonly confirmations: number;
}

/** A stored row as a later observation finds it: its progress, and what it moved. */
export interface StoredTransaction extends TransactionProgress {
  readonly amount: bigint;
  readonly currencyId: string | null;
  readonly invoiceId: string | null;
}

/**
 * Fiat per whole unit of a transaction's currency, as plain decimal strings, in each base currency
 * the service converts to; null where no rate is known.
 */
export interface FiatRates {
  readonly usd: string | null;
  readonly eur: string | null;
  readonly cny: string | null;
}

/**
 * A later observation of a locked row: its new progress, the block number and fee when seen, and
 * the rates of the moment when it confirms the row (stored only by the update that confirms it).
 */
export interface ProgressUpdate {
  readonly progress: TransactionProgress;
  readonly seen: { readonly blockNumber: string | null; readonly fee: bigint | null };
  readonly ratesAtConfirmation?: FiatRates | null;
}

/** A new row, its status already decided (`nextTransactionStatus`). */
export interface NewTransaction {
  readonly id: string;
  readonly deploymentId: string;
  readonly chainId: string;
  readonly sourceKey: string;
  readonly direction: TransactionDirection;
  readonly status: TransactionStatus;
  readonly txHash: string;
  readonly currencyId: string | null;
  readonly amount: bigint;
  readonly fromAddress: string | null;
  readonly toAddress: string | null;
  readonly operationId: string | null;
  readonly operationType: TransactionOperationType;
  readonly invoiceId: string | null;
  readonly blockNumber: string | null;
  readonly fee: bigint | null;
  readonly confirmations: number;
  /** When the row is inserted CONFIRMED: the rates of the moment. */
  readonly ratesAtConfirmation?: FiatRates | null;
}

/**
 * Port for the write side of the transactions read model, used only by `TransactionRecorder` inside
 * a chain event's transaction (`manager` is only its handle). The SQL lives in infrastructure/.
 */
export abstract class TransactionRepository {
  /**
   * Marks claimed the deposits a mined claim swept (`sweptByClaimSql`) of these invoices in one
   * currency; answers the ids of the invoices whose deposits it marked.
   */
  abstract markClaimed(
    manager: EntityManager,
    sweep: { readonly deploymentId: string; readonly currencyId: string; readonly invoiceIds: readonly string[] },
  ): Promise<string[]>;
  /** The row one observation names (chain and source key), locked FOR UPDATE; undefined when new. */
  abstract lockBySource(
    manager: EntityManager,
    chainId: string,
    sourceKey: string,
  ): Promise<StoredTransaction | undefined>;
  /** `lockBySource` for many source keys of one chain in one statement: the rows found, by source key. */
  abstract lockManyBySource(
    manager: EntityManager,
    chainId: string,
    sourceKeys: readonly string[],
  ): Promise<Map<string, StoredTransaction>>;
  /**
   * Inserts the rows in one statement (`confirmedAt` and the rates at confirmation set when CONFIRMED), each unless another
   * transaction inserted its chain and source key first; answers the ids of the rows it inserted.
   */
  abstract insertAbsent(manager: EntityManager, transactions: readonly NewTransaction[]): Promise<Set<string>>;
  /**
   * Stores later observations of locked rows in one statement: status, confirmations, and block
   * number and fee when given; `confirmedAt` and the rates at confirmation are set once, by the
   * update that confirms the row; `updatedAt` moves only when status or confirmations change.
   */
  abstract saveProgress(manager: EntityManager, updates: readonly ProgressUpdate[]): Promise<void>;
}
