import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import {
  containsCondition,
  countsAsMoneySql,
  mapUniqueViolation,
  narrowedOnlyBy,
  SqlWhere,
  SubstringColumn,
} from '../../../shared/infrastructure/sql';
import { cursorBatches } from '../../../shared/infrastructure/sql-cursor';
import { periodCountedPageStart } from '../../../shared/infrastructure/deep-page';
import { CatalogService } from '../../catalog/catalog.service';
import { Invoice, InvoiceCurrency } from '../domain/invoice';
import {
  InvoiceFilter,
  InvoiceListFilter,
  InvoiceRepository,
  InvoiceUnitOfWork,
  PublicDeposit,
} from '../domain/invoice.repository';
import type { TransactionStatus } from '../../../shared/domain/transaction-status';
import { InvoiceStatus } from '../domain/invoice-status';
import { INVOICE_CHANGED_CHANNEL } from './pg-invoice-change-feed';

interface InvoiceRow {
  id: string;
  deployment_id: string;
  chain_id: string;
  public_id: string;
  invoice_nonce: string;
  invoice_address_hex: string;
  requested_amount: string | null;
  currency_ids: string[];
  tracking_id: string | null;
  callback_url: string | null;
  payment_page_button_url: string | null;
  payment_page_button_text: string | null;
  status: InvoiceStatus;
  paid_amount: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, deployment_id, chain_id, public_id, invoice_nonce, invoice_address_hex, requested_amount, currency_ids,
  tracking_id, callback_url, payment_page_button_url, payment_page_button_text, status, paid_amount, created_at, updated_at`;

/** Deposits that count toward an invoice (docs/contract.md, Invoices). */
/** Deposits that count toward an invoice's paid amount. */
const SETTLED = countsAsMoneySql();

const CONFLICTS: Record<string, () => DomainError> = {
  uq_invoices_deployment_tracking: () =>
    DomainError.conflict('INVOICE_TRACKING_ID_EXISTS', 'Invoice with this tracking ID already exists'),
  uq_invoices_chain_address: () =>
    DomainError.conflict('INVOICE_ADDRESS_EXISTS', 'Invoice with this address already exists'),
};

/** The substring filters, as the trigram and gram indexes are built on them. */
const ID_TEXT: SubstringColumn = { expression: 'id::text', operator: 'ILIKE', lowered: 'id::text' };
const TRACKING_ID: SubstringColumn = { expression: 'tracking_id', operator: 'ILIKE', lowered: 'lower(tracking_id)' };

const SORT_COLUMNS: Record<InvoiceFilter['sortBy'], string> = {
  id: 'id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/**
 * Invoices in PostgreSQL. Deposit sums read the `transactions` read model directly (by
 * `invoice_id`): the recorder in the deployments context owns those rows, billing only reads them,
 * in the same transaction that just recorded the deposit.
 */
@Injectable()
export class TypeOrmInvoiceRepository extends InvoiceRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
  ) {
    super();
  }

  within(manager: EntityManager): InvoiceUnitOfWork {
    return new TypeOrmInvoiceUnit(manager, this.catalog);
  }

  async find(deploymentId: string, invoiceId: string): Promise<Invoice | undefined> {
    const rows: InvoiceRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM invoices WHERE id = $1 AND deployment_id = $2`,
      [invoiceId, deploymentId],
    );
    return rows[0] && invoiceFromRow(rows[0], this.catalog);
  }

  async findByPublicId(publicId: bigint): Promise<Invoice | undefined> {
    const rows: InvoiceRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM invoices WHERE public_id = $1`, [
      publicId.toString(),
    ]);
    return rows[0] && invoiceFromRow(rows[0], this.catalog);
  }

  async deposits(invoiceId: string): Promise<PublicDeposit[]> {
    const rows: {
      tx_hash: string;
      currency_id: string | null;
      amount: string;
      status: TransactionStatus;
      confirmations: number;
      created_at: Date;
    }[] = await this.dataSource.query(
      `SELECT tx_hash, currency_id, amount, status, confirmations, created_at FROM transactions
        WHERE invoice_id = $1 AND operation_type = 'invoice' ORDER BY created_at, id`,
      [invoiceId],
    );
    return rows.map((row) => ({
      txHash: row.tx_hash,
      currencyId: row.currency_id,
      amount: BigInt(row.amount),
      status: row.status,
      confirmations: row.confirmations,
      createdAt: row.created_at,
    }));
  }

  async list(deploymentId: string, filter: InvoiceListFilter): Promise<{ total: number; items: Invoice[] }> {
    const where = filterWhere(deploymentId, filter);
    const total = await this.total(deploymentId, filter, where);
    // Nothing to read past the end: a filter that matches nothing would otherwise walk every row
    // of the deployment in the list's order looking for a first one.
    if (BigInt(filter.offset) >= BigInt(total)) return { total, items: [] };
    const order = orderBy(filter);
    // A deferred join: the page's ids from the sort's index (an index-only scan unless a filter
    // needs the rows), then the full rows of those ids only, so a deep page skips index entries
    // instead of rows; a deep page by creation starts at its day (`invoice_period_counts`).
    const { ctes, edge, skip } = periodCountedPageStart(
      filter,
      {
        table: 'invoice_period_counts',
        serves: narrowedOnlyBy(filter, ROLLED_UP),
        buckets: () => bucketConditions(deploymentId, filter, (value) => where.bind(value)),
      },
      where.bind(filter.offset),
    );
    const rows: InvoiceRow[] = await this.dataSource.query(
      `${ctes} SELECT ${COLUMNS} FROM invoices
        WHERE id IN (SELECT id FROM invoices WHERE ${where.sql}${edge} ORDER BY ${order}
                      LIMIT ${where.bind(filter.limit)} OFFSET ${skip})
        ORDER BY ${order}`,
      where.params,
    );
    return { total, items: rows.map((row) => invoiceFromRow(row, this.catalog)) };
  }

  async *export(deploymentId: string, filter: InvoiceFilter, maxRows: number): AsyncGenerator<Invoice[]> {
    const where = filterWhere(deploymentId, filter);
    const sql = `SELECT ${COLUMNS} FROM invoices WHERE ${where.sql} ORDER BY ${orderBy(filter)} LIMIT ${where.bind(maxRows)}`;
    for await (const rows of cursorBatches<InvoiceRow>(this.dataSource, sql, where.params)) {
      yield rows.map((row) => invoiceFromRow(row, this.catalog));
    }
  }

  /**
   * The list's exact total, from a rollup (kept by triggers) when nothing but the status and the
   * currencies narrows the list: `invoice_totals` (per deployment and status) without a currency
   * filter, `invoice_currency_totals` (per deployment, status and accepted currency set: each
   * invoice in one bucket, so overlapping sets sum exactly) with one. Else counted from the rows.
   * A filter added later counts rows until a rollup learns it.
   */
  private async total(deploymentId: string, filter: InvoiceListFilter, rows: SqlWhere): Promise<number> {
    let sql = `SELECT count(*) AS total FROM invoices WHERE ${rows.sql}`;
    let params = rows.params;
    if (narrowedOnlyBy(filter, ROLLED_UP)) {
      const buckets = new SqlWhere().add((p) => bucketConditions(deploymentId, filter, p).join(' AND '));
      const rollup = filter.currencyIds ? 'invoice_currency_totals' : 'invoice_totals';
      sql = `SELECT coalesce(sum(n), 0) AS total FROM ${rollup} WHERE ${buckets.sql}`;
      params = buckets.params;
    }
    const [{ total }]: { total: string }[] = await this.dataSource.query(sql, params);
    return Number(total);
  }

  settledByCurrency(invoiceIds: readonly string[]): Promise<Map<string, Map<string, bigint>>> {
    return settledByCurrencyOf((sql, params) => this.dataSource.query(sql, params), invoiceIds);
  }
}

/** The filters the rollups count by (`invoice_totals`, `invoice_currency_totals`, `invoice_period_counts`). */
const ROLLED_UP: (keyof InvoiceListFilter)[] = ['statuses', 'currencyIds'];

/** The rollups' buckets matching `filter`'s ROLLED_UP filters. */
function bucketConditions(deploymentId: string, filter: InvoiceFilter, p: (value: unknown) => string): string[] {
  const parts = [`deployment_id = ${p(deploymentId)}`];
  if (filter.statuses) parts.push(`status = ANY(${p(filter.statuses)}::text[])`);
  if (filter.currencyIds) parts.push(`currency_ids && ${p(filter.currencyIds)}::text[]`);
  return parts;
}

/** The list's WHERE clause, for a page and for the export alike. */
function filterWhere(deploymentId: string, filter: InvoiceFilter): SqlWhere {
  const where = new SqlWhere().add((p) => `deployment_id = ${p(deploymentId)}`);
  const { idContains, trackingIdContains } = filter;
  if (idContains !== undefined) where.add((p) => containsCondition(ID_TEXT, idContains, p));
  if (trackingIdContains !== undefined) where.add((p) => containsCondition(TRACKING_ID, trackingIdContains, p));
  if (filter.createdFrom) where.add((p) => `created_at >= ${p(filter.createdFrom)}`);
  if (filter.createdTo) where.add((p) => `created_at <= ${p(filter.createdTo)}`);
  if (filter.updatedFrom) where.add((p) => `updated_at >= ${p(filter.updatedFrom)}`);
  if (filter.updatedTo) where.add((p) => `updated_at <= ${p(filter.updatedTo)}`);
  if (filter.currencyIds) where.add((p) => `currency_ids && ${p(filter.currencyIds)}::text[]`);
  if (filter.statuses) where.add((p) => `status = ANY(${p(filter.statuses)}::text[])`);
  return where;
}

/** The list's order; `id` breaks ties in the same direction. */
function orderBy(filter: InvoiceFilter): string {
  const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[filter.sortBy];
  return column === 'id' ? `id ${direction}` : `${column} ${direction}, id ${direction}`;
}

class TypeOrmInvoiceUnit implements InvoiceUnitOfWork {
  constructor(
    private readonly manager: EntityManager,
    private readonly catalog: CatalogService,
  ) {}

  async insert(invoice: Invoice): Promise<void> {
    const p = invoice.toProps();
    await mapUniqueViolation(
      this.manager.query(
        `INSERT INTO invoices (${COLUMNS}, invoice_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
        [
          p.id,
          p.deploymentId,
          p.chainId,
          p.publicId.toString(),
          p.invoiceNonce.toString(),
          p.invoiceAddress.hex20,
          p.requestedAmount?.toString() ?? null,
          p.currencies.map((currency) => currency.id),
          p.trackingId,
          p.callbackUrl,
          p.paymentPageButtonUrl,
          p.paymentPageButtonText,
          p.status,
          p.paidAmount.toString(),
          p.createdAt,
          p.updatedAt,
          p.invoiceAddress.display,
        ],
      ),
      CONFLICTS,
    );
  }

  save(invoice: Invoice): Promise<void> {
    return this.saveAll([invoice]);
  }

  async saveAll(invoices: readonly Invoice[]): Promise<void> {
    if (invoices.length === 0) return;
    await mapUniqueViolation(
      this.manager.query(
        // The notification leaves with the commit, to every instance's change feed (none on rollback).
        `WITH saved AS (
           UPDATE invoices i
              SET requested_amount = s.requested_amount, currency_ids = s.currency_ids, tracking_id = s.tracking_id,
                  callback_url = s.callback_url, payment_page_button_url = s.payment_page_button_url,
                  payment_page_button_text = s.payment_page_button_text, status = s.status,
                  paid_amount = s.paid_amount, updated_at = s.updated_at
             FROM jsonb_to_recordset($1::jsonb) AS s(
                    id uuid, requested_amount numeric, currency_ids text[], tracking_id text, callback_url text,
                    payment_page_button_url text, payment_page_button_text text, status text, paid_amount numeric,
                    updated_at timestamptz)
            WHERE i.id = s.id
           RETURNING i.id)
         SELECT pg_notify('${INVOICE_CHANGED_CHANNEL}', id::text) FROM saved`,
        [
          JSON.stringify(
            invoices.map((invoice) => {
              const p = invoice.toProps();
              return {
                id: p.id,
                requested_amount: p.requestedAmount?.toString() ?? null,
                currency_ids: p.currencies.map((currency) => currency.id),
                tracking_id: p.trackingId,
                callback_url: p.callbackUrl,
                payment_page_button_url: p.paymentPageButtonUrl,
                payment_page_button_text: p.paymentPageButtonText,
                status: p.status,
                paid_amount: p.paidAmount.toString(),
                updated_at: p.updatedAt.toISOString(),
              };
            }),
          ),
        ],
      ),
      CONFLICTS,
    );
  }

  async findForUpdate(deploymentId: string, invoiceId: string): Promise<Invoice | undefined> {
    const rows: InvoiceRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM invoices WHERE id = $1 AND deployment_id = $2 FOR UPDATE`,
      [invoiceId, deploymentId],
    );
    return rows[0] && invoiceFromRow(rows[0], this.catalog);
  }

  async findByAddressForUpdate(chainId: string, addressHex: string): Promise<Invoice | undefined> {
    const rows: InvoiceRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM invoices WHERE chain_id = $1 AND invoice_address_hex = $2 FOR UPDATE`,
      [chainId, addressHex],
    );
    return rows[0] && invoiceFromRow(rows[0], this.catalog);
  }

  async findManyByAddressForUpdate(chainId: string, addressHexes: readonly string[]): Promise<Map<string, Invoice>> {
    if (addressHexes.length === 0) return new Map();
    const rows: InvoiceRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM invoices WHERE chain_id = $1 AND invoice_address_hex = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      [chainId, addressHexes],
    );
    return new Map(rows.map((row) => [row.invoice_address_hex, invoiceFromRow(row, this.catalog)]));
  }

  async isDepositAddressOf(deployment: { id: string; chainId: string }, addressHex: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM invoices WHERE chain_id = $1 AND invoice_address_hex = $2 AND deployment_id = $3`,
      [deployment.chainId, addressHex, deployment.id],
    );
    return rows.length > 0;
  }

  async hasDeposits(invoiceId: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM transactions WHERE invoice_id = $1 AND operation_type = 'invoice' AND status <> 'FAILED' LIMIT 1`,
      [invoiceId],
    );
    return rows.length > 0;
  }

  async settledByCurrency(invoiceId: string): Promise<Map<string, bigint>> {
    return (await this.settledByCurrencyOfMany([invoiceId])).get(invoiceId) ?? new Map();
  }

  settledByCurrencyOfMany(invoiceIds: readonly string[]): Promise<Map<string, Map<string, bigint>>> {
    return settledByCurrencyOf((sql, params) => this.manager.query(sql, params), invoiceIds);
  }

  async findManyForUpdate(deploymentId: string, invoiceIds: readonly string[]): Promise<Invoice[]> {
    if (invoiceIds.length === 0) return [];
    const rows: InvoiceRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM invoices WHERE deployment_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
      [deploymentId, invoiceIds],
    );
    return rows.map((row) => invoiceFromRow(row, this.catalog));
  }
}

function invoiceFromRow(row: InvoiceRow, catalog: CatalogService): Invoice {
  const networkType = catalog.findNetwork(row.chain_id)?.networkType ?? 'evm';
  const currencies: InvoiceCurrency[] = row.currency_ids.map((id) => ({
    id,
    decimals: catalog.findCurrency(id)?.decimals ?? 0,
  }));
  return Invoice.restore({
    id: row.id,
    deploymentId: row.deployment_id,
    chainId: row.chain_id,
    networkType,
    publicId: BigInt(row.public_id),
    invoiceNonce: BigInt(row.invoice_nonce),
    invoiceAddress: Address.fromHex20(row.invoice_address_hex, networkType),
    requestedAmount: row.requested_amount === null ? null : BigInt(row.requested_amount),
    currencies,
    trackingId: row.tracking_id,
    callbackUrl: row.callback_url,
    paymentPageButtonUrl: row.payment_page_button_url,
    paymentPageButtonText: row.payment_page_button_text,
    status: row.status,
    paidAmount: BigInt(row.paid_amount),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** Settled deposits per invoice and currency id, in one statement, as `query`'s connection sees them. */
async function settledByCurrencyOf(
  query: (sql: string, params: unknown[]) => Promise<{ invoice_id: string; currency_id: string; total: string }[]>,
  invoiceIds: readonly string[],
): Promise<Map<string, Map<string, bigint>>> {
  const result = new Map<string, Map<string, bigint>>();
  if (invoiceIds.length === 0) return result;
  const rows = await query(
    `SELECT invoice_id, currency_id, sum(amount) AS total FROM transactions
      WHERE invoice_id = ANY($1::uuid[]) AND operation_type = 'invoice' AND ${SETTLED}
      GROUP BY invoice_id, currency_id`,
    [invoiceIds],
  );
  for (const row of rows) {
    const perCurrency = result.get(row.invoice_id) ?? new Map<string, bigint>();
    perCurrency.set(row.currency_id, BigInt(row.total));
    result.set(row.invoice_id, perCurrency);
  }
  return result;
}
