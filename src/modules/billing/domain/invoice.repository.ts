import type { EntityManager } from 'typeorm';
import { Invoice } from './invoice';
import { InvoiceStatus } from './invoice-status';
import type { TransactionStatus } from '../../../shared/domain/transaction-status';

/** The list's filters and sort. */
export interface InvoiceFilter {
  readonly idContains?: string;
  readonly trackingIdContains?: string;
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  readonly updatedFrom?: Date;
  readonly updatedTo?: Date;
  /** Invoices accepting any of these (canonical ids). */
  readonly currencyIds?: readonly string[];
  readonly statuses?: readonly InvoiceStatus[];
  readonly sortBy: 'id' | 'createdAt' | 'updatedAt';
  readonly sortOrder: 'asc' | 'desc';
}

/** One page of the list. */
export interface InvoiceListFilter extends InvoiceFilter {
  readonly limit: number;
  readonly offset: string;
}

/**
 * Work inside one database transaction, opened by whoever called: a use case, or the chain-event
 * intake. Reads here lock what they return.
 */
export interface InvoiceUnitOfWork {
  /** Unique violations become 409 INVOICE_TRACKING_ID_EXISTS / INVOICE_ADDRESS_EXISTS. */
  insert(invoice: Invoice): Promise<void>;
  /** Also tells the invoice's watchers (`InvoiceChangeFeed`), once the transaction commits. */
  save(invoice: Invoice): Promise<void>;
  /** `save` for many invoices in one statement. */
  saveAll(invoices: readonly Invoice[]): Promise<void>;
  findForUpdate(deploymentId: string, invoiceId: string): Promise<Invoice | undefined>;
  findByAddressForUpdate(chainId: string, addressHex: string): Promise<Invoice | undefined>;
  /** `findByAddressForUpdate` for many addresses of one chain in one statement: those found, by address hex. */
  findManyByAddressForUpdate(chainId: string, addressHexes: readonly string[]): Promise<Map<string, Invoice>>;
  /** Whether `addressHex` (20-byte form) is the deposit address of one of the deployment's invoices. */
  isDepositAddressOf(deployment: { id: string; chainId: string }, addressHex: string): Promise<boolean>;
  /** Whether any deposit that has not failed has reached the invoice. */
  hasDeposits(invoiceId: string): Promise<boolean>;
  /** Settled deposits per currency id, as this transaction sees them (it may just have recorded one). */
  settledByCurrency(invoiceId: string): Promise<Map<string, bigint>>;
  /** `settledByCurrency` for many invoices in one statement, by invoice id (none settled: absent). */
  settledByCurrencyOfMany(invoiceIds: readonly string[]): Promise<Map<string, Map<string, bigint>>>;
  /** Invoices of the deployment with these ids, locked. */
  findManyForUpdate(deploymentId: string, invoiceIds: readonly string[]): Promise<Invoice[]>;
}

/** A deposit as the payer's page shows it (docs/contract.md, Merchants): nothing that names internal rows. */
export interface PublicDeposit {
  readonly txHash: string;
  readonly currencyId: string | null;
  /** Base units. */
  readonly amount: bigint;
  readonly status: TransactionStatus;
  readonly confirmations: number;
  readonly createdAt: Date;
}

export abstract class InvoiceRepository {
  /** Joins the open transaction `manager` is the handle of (a use case's or a chain-event handler's). */
  abstract within(manager: EntityManager): InvoiceUnitOfWork;
  abstract find(deploymentId: string, invoiceId: string): Promise<Invoice | undefined>;
  abstract findByPublicId(publicId: bigint): Promise<Invoice | undefined>;
  /** The invoice's deposits, oldest first. */
  abstract deposits(invoiceId: string): Promise<PublicDeposit[]>;
  abstract list(deploymentId: string, filter: InvoiceListFilter): Promise<{ total: number; items: Invoice[] }>;
  /** Every invoice matching the filter, in its order, at most `maxRows`, in batches from one snapshot. */
  abstract export(deploymentId: string, filter: InvoiceFilter, maxRows: number): AsyncIterable<Invoice[]>;
  /** Settled deposits per invoice and currency, for multi-currency totals. */
  abstract settledByCurrency(invoiceIds: readonly string[]): Promise<Map<string, Map<string, bigint>>>;
}
