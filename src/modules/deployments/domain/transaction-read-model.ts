import {
  countsAsMoney,
  type TransactionDirection,
  type TransactionOperationType,
  type TransactionStatus,
} from '../../../shared/domain/transaction-status';
import type { FiatRates } from './transaction.repository';

export type TransactionSortField = 'id' | 'createdAt' | 'updatedAt';

/** The list's filters and sort, after the application resolved catalog flags and hidden currencies into ids. */
export interface TransactionFilter {
  readonly deploymentId: string;
  readonly sortBy: TransactionSortField;
  readonly sortOrder: 'asc' | 'desc';
  readonly idContains?: string;
  readonly txHashContains?: string;
  /** Inclusive bounds, ISO 8601 UTC with milliseconds (the stored precision). */
  readonly createdFrom?: string;
  readonly createdTo?: string;
  readonly updatedFrom?: string;
  readonly updatedTo?: string;
  /** Only transactions in these currencies (an empty list matches nothing). */
  readonly currencyIds?: readonly string[];
  readonly statuses?: readonly TransactionStatus[];
  readonly operationId?: string;
  readonly operationTypes?: readonly TransactionOperationType[];
  readonly isClaimed?: boolean;
}

/** One page of the list. */
export interface TransactionListCriteria extends TransactionFilter {
  readonly limit: number;
  /** A string: (page - 1) × pageSize can exceed 2^53. */
  readonly offset: string;
}

/** The invoice a deposit paid, once the invoices table is joined in (see the repository). */
export interface TransactionInvoiceRef {
  readonly id: string;
  readonly trackingId: string | null;
  readonly status: string;
}

/** One stored transaction as the read model holds it: unsigned base units, raw chain data. */
export interface TransactionRecord {
  readonly id: string;
  readonly direction: TransactionDirection;
  readonly status: TransactionStatus;
  readonly chainId: string;
  readonly txHash: string;
  readonly currencyId: string | null;
  readonly amount: bigint;
  readonly fromAddress: string | null;
  readonly toAddress: string | null;
  readonly operationId: string | null;
  readonly operationType: TransactionOperationType;
  readonly invoiceId: string | null;
  readonly blockNumber: string | null;
  readonly blockchainFee: bigint | null;
  readonly confirmations: number;
  readonly isClaimed: boolean;
  readonly confirmedAt: Date | null;
  /** The fiat rates stored when the row became CONFIRMED; null before, or when none was known then. */
  readonly ratesAtConfirmation: FiatRates | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly invoice: TransactionInvoiceRef | null;
}

/** Port for the transactions read side; the SQL lives in infrastructure/. */
export abstract class TransactionReadRepository {
  /** The page and the exact total matching the criteria. */
  abstract list(criteria: TransactionListCriteria): Promise<{ total: number; items: TransactionRecord[] }>;
  /** Every transaction matching the filter, in its order, at most `maxRows`, in batches from one snapshot. */
  abstract export(filter: TransactionFilter, maxRows: number): AsyncIterable<TransactionRecord[]>;
  abstract findInDeployment(deploymentId: string, transactionId: string): Promise<TransactionRecord | undefined>;
  abstract hiddenCurrencyIds(memberId: string): Promise<string[]>;
}

/** An invoice deposit that counts as money (CONFIRMED) and is not yet swept by a claim. */
export function canClaim(transaction: Pick<TransactionRecord, 'operationType' | 'status' | 'isClaimed'>): boolean {
  return transaction.operationType === 'invoice' && countsAsMoney(transaction.status) && !transaction.isClaimed;
}
