import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { containsCondition, SqlWhere, SubstringColumn } from '../../../shared/infrastructure/sql';
import { cursorBatches } from '../../../shared/infrastructure/sql-cursor';
import { DAY_SKIP_OFFSET, dayStartedPage } from '../../../shared/infrastructure/deep-page';
import {
  TransactionFilter,
  TransactionListCriteria,
  TransactionReadRepository,
  TransactionRecord,
  TransactionSortField,
} from '../domain/transaction-read-model';
import type {
  TransactionDirection,
  TransactionOperationType,
  TransactionStatus,
} from '../../../shared/domain/transaction-status';

const SORT_COLUMN: Record<TransactionSortField, string> = {
  id: 'id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const DAY_MS = 86_400_000;
/** The substring filters, as the trigram and gram indexes are built on them. */
const ID_TEXT: SubstringColumn = { expression: 'id::text', operator: 'LIKE', lowered: 'id::text' };
const TX_HASH: SubstringColumn = { expression: 'lower(tx_hash)', operator: 'LIKE', lowered: 'lower(tx_hash)' };
const LATEST_BOUND_MS = Date.UTC(9000, 0, 1);

/**
 * The invoice summary embedded in deposit items ({id, trackingId, status}). Read from the billing
 * context's table on purpose: it is a read model, and the join runs on the page's rows only.
 */
const INVOICE_COLUMNS = `i.id AS invoice_ref_id, i.tracking_id AS invoice_tracking_id, i.status AS invoice_status`;
const INVOICE_JOIN = `LEFT JOIN invoices i ON i.id = t.invoice_id`;

const TRANSACTION_COLUMNS = `t.id, t.direction, t.status, t.chain_id, t.tx_hash, t.currency_id, t.amount, t.from_address,
  t.to_address, t.operation_id, t.operation_type, t.invoice_id, t.block_number, t.blockchain_fee, t.confirmations,
  t.is_claimed, t.confirmed_at, t.created_at, t.updated_at,
  t.confirmed_rate_usd::text AS confirmed_rate_usd, t.confirmed_rate_eur::text AS confirmed_rate_eur,
  t.confirmed_rate_cny::text AS confirmed_rate_cny`;
const ROW_COLUMNS = `${TRANSACTION_COLUMNS}, ${INVOICE_COLUMNS}`;

/**
 * The same invoice summary as subqueries: the export's WHERE and ORDER BY are the list's, written
 * on the transactions table's own column names, so no other table may join the FROM clause.
 */
const INVOICE_SUBQUERIES = `(SELECT i.id FROM invoices i WHERE i.id = t.invoice_id) AS invoice_ref_id,
  (SELECT i.tracking_id FROM invoices i WHERE i.id = t.invoice_id) AS invoice_tracking_id,
  (SELECT i.status FROM invoices i WHERE i.id = t.invoice_id) AS invoice_status`;

interface TransactionRow {
  id: string;
  direction: TransactionDirection;
  status: TransactionStatus;
  chain_id: string;
  tx_hash: string;
  currency_id: string | null;
  amount: string;
  from_address: string | null;
  to_address: string | null;
  operation_id: string | null;
  operation_type: TransactionOperationType;
  invoice_id: string | null;
  block_number: string | null;
  blockchain_fee: string | null;
  confirmations: number;
  is_claimed: boolean;
  confirmed_at: Date | null;
  confirmed_rate_usd: string | null;
  confirmed_rate_eur: string | null;
  confirmed_rate_cny: string | null;
  created_at: Date;
  updated_at: Date;
  invoice_ref_id: string | null;
  invoice_tracking_id: string | null;
  invoice_status: string | null;
}

/** Binds a value into the statement being built and answers its placeholder (`SqlWhere.bind`). */
type Bind = (value: unknown) => string;

@Injectable()
export class TypeOrmTransactionReadRepository extends TransactionReadRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * The page and its exact total in one statement: one round trip, and one snapshot, so the total
   * always agrees with the rows the page was cut from even while chain events are written.
   */
  async list(criteria: TransactionListCriteria): Promise<{ total: number; items: TransactionRecord[] }> {
    if (criteria.currencyIds?.length === 0) return { total: 0, items: [] };
    // One parameter list for every part of the statement: the count's subqueries and the page.
    const params = new SqlWhere();
    const p: Bind = (value) => params.bind(value);
    const total = countExpression(criteria, p);
    const filters = rowFilters(criteria, p);
    const order = orderBy(criteria);
    // Nothing to read past the end: a filter the rollups count 0 for would otherwise walk the whole
    // covering index looking for a first row. PostgreSQL checks this once, before the scan.
    const beforeEnd = `(SELECT n FROM total) > ${p(criteria.offset)}::numeric`;
    const page = pageIds(criteria, p, `${filters} AND ${beforeEnd}`, order);
    // Ids of the page by an index-only scan of the sort's covering index (see `pageIds`), then the
    // full rows of just those ids. The total is computed once, first.
    const rows: (TransactionRow & { total: string })[] = await this.dataSource.query(
      `WITH total AS MATERIALIZED (SELECT (${total}) AS n)
       SELECT (SELECT n FROM total)::text AS total, ${ROW_COLUMNS}
         FROM (SELECT 1) one
         LEFT JOIN ((${page}) p
                    JOIN transactions t ON t.id = p.id
                    ${INVOICE_JOIN}) ON true
        ORDER BY ${order.replace(/(\w+) (ASC|DESC)/g, 't.$1 $2')}`,
      params.params,
    );
    return {
      total: Number(rows[0].total),
      items: rows[0].id === null ? [] : rows.map(toRecord),
    };
  }

  async *export(filter: TransactionFilter, maxRows: number): AsyncGenerator<TransactionRecord[]> {
    if (filter.currencyIds?.length === 0) return;
    const params = new SqlWhere();
    const p: Bind = (value) => params.bind(value);
    const sql = `SELECT ${TRANSACTION_COLUMNS}, ${INVOICE_SUBQUERIES} FROM transactions t
                  WHERE ${rowFilters(filter, p)} ORDER BY ${orderBy(filter)} LIMIT ${p(maxRows)}`;
    for await (const rows of cursorBatches<TransactionRow>(this.dataSource, sql, params.params)) {
      yield rows.map(toRecord);
    }
  }

  async findInDeployment(deploymentId: string, transactionId: string): Promise<TransactionRecord | undefined> {
    const rows: TransactionRow[] = await this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM transactions t ${INVOICE_JOIN} WHERE t.id = $1 AND t.deployment_id = $2`,
      [transactionId, deploymentId],
    );
    return rows[0] && toRecord(rows[0]);
  }

  async hiddenCurrencyIds(memberId: string): Promise<string[]> {
    const rows: { currency_id: string }[] = await this.dataSource.query(
      `SELECT currency_id FROM member_hidden_currencies WHERE member_id = $1`,
      [memberId],
    );
    return rows.map((row) => row.currency_id);
  }
}

/** The list's order; `id` breaks ties in the same direction. */
function orderBy(filter: TransactionFilter): string {
  const column = SORT_COLUMN[filter.sortBy];
  const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
  return column === 'id' ? `id ${direction}` : `${column} ${direction}, id ${direction}`;
}

/** Whether every filter of `criteria` is one the rollups key on (status, currency, type, claimed, created range). */
function rolledUp(criteria: TransactionListCriteria): boolean {
  return (
    criteria.idContains === undefined &&
    criteria.txHashContains === undefined &&
    criteria.updatedFrom === undefined &&
    criteria.updatedTo === undefined &&
    criteria.operationId === undefined
  );
}

/**
 * The statement answering the page's ids. OFFSET walks every skipped entry of the covering index
 * (an index-only scan, but 50,000 entries at page 5,000). A deep page of the creation order with
 * only filters the day counts key on starts instead at the UTC day holding its first row, found
 * from the monthly counts (`transaction_monthly_counts`) and the day counts (`transaction_counts`):
 * see `dayStartedPage`.
 */
function pageIds(criteria: TransactionListCriteria, p: Bind, filters: string, order: string): string {
  const plain = () =>
    `SELECT id FROM transactions WHERE ${filters} ORDER BY ${order} LIMIT ${p(criteria.limit)} OFFSET ${p(criteria.offset)}`;
  const deep =
    criteria.sortBy === 'createdAt' &&
    rolledUp(criteria) &&
    criteria.createdFrom === undefined &&
    criteria.createdTo === undefined &&
    BigInt(criteria.offset) >= BigInt(DAY_SKIP_OFFSET);
  if (!deep) return plain();
  const buckets = bucketFilters(criteria, p);
  const { ctes, edge, skip } = dayStartedPage(
    {
      months: { table: 'transaction_monthly_counts', column: 'created_month', where: buckets },
      days: { table: 'transaction_counts', column: 'created_day', where: buckets },
    },
    'created_at',
    criteria.sortOrder !== 'asc',
    `${p(criteria.offset)}::bigint`,
  );
  return `WITH ${ctes}
    SELECT id FROM transactions WHERE ${filters} AND ${edge}
     ORDER BY ${order} LIMIT ${p(criteria.limit)} OFFSET ${skip}`;
}

/** Conditions on the columns every rollup keys on. */
function bucketFilters(criteria: TransactionFilter, p: Bind): string[] {
  const parts = [`deployment_id = ${p(criteria.deploymentId)}`];
  if (criteria.statuses !== undefined) parts.push(`status = ANY(${p(criteria.statuses)})`);
  if (criteria.currencyIds !== undefined) parts.push(`currency_id = ANY(${p(criteria.currencyIds)})`);
  if (criteria.operationTypes !== undefined) parts.push(`operation_type = ANY(${p(criteria.operationTypes)})`);
  if (criteria.isClaimed !== undefined) parts.push(`is_claimed = ${p(criteria.isClaimed)}`);
  return parts;
}

/** Every filter, on the rows; `created` overrides the created range (for the edges of a count). */
function rowFilters(
  criteria: TransactionFilter,
  p: Bind,
  created: { from?: string; before?: string; to?: string } = { from: criteria.createdFrom, to: criteria.createdTo },
): string {
  const parts = bucketFilters(criteria, p);
  if (created.from !== undefined) parts.push(`created_at >= ${p(created.from)}::timestamptz`);
  if (created.before !== undefined) parts.push(`created_at < ${p(created.before)}::timestamptz`);
  if (created.to !== undefined) parts.push(`created_at <= ${p(created.to)}::timestamptz`);
  if (criteria.updatedFrom !== undefined) parts.push(`updated_at >= ${p(criteria.updatedFrom)}::timestamptz`);
  if (criteria.updatedTo !== undefined) parts.push(`updated_at <= ${p(criteria.updatedTo)}::timestamptz`);
  if (criteria.operationId !== undefined) parts.push(`operation_id = ${p(criteria.operationId)}::uuid`);
  if (criteria.idContains !== undefined) parts.push(containsCondition(ID_TEXT, criteria.idContains, p));
  if (criteria.txHashContains !== undefined) parts.push(containsCondition(TX_HASH, criteria.txHashContains, p));
  return parts.join(' AND ');
}

/**
 * The exact total as one SQL expression. Filters the rollups know (status, currency, type,
 * claimed, created range) are answered from them: no range from `transaction_totals`; a created
 * range from its whole months (`transaction_monthly_counts`), the whole days beside them
 * (`transaction_counts`) and the rows of the partial days at its very ends (covering index). Any
 * other filter counts rows. The cost depends on the number of buckets, not of transactions.
 */
function countExpression(criteria: TransactionListCriteria, p: Bind): string {
  const countRows = (created?: { from?: string; before?: string; to?: string }) =>
    `(SELECT count(*) FROM transactions WHERE ${rowFilters(criteria, p, created)})`;
  if (!rolledUp(criteria)) return countRows();

  const parsedFrom = criteria.createdFrom === undefined ? undefined : Date.parse(criteria.createdFrom);
  const parsedTo = criteria.createdTo === undefined ? undefined : Date.parse(criteria.createdTo);
  if (parsedFrom !== undefined && parsedTo !== undefined && parsedFrom > parsedTo) return '0';
  // Rows are stamped by the database clock, so nothing lies before 1970 or after 9000: a bound
  // out there either excludes everything or nothing, and dropping it keeps the day arithmetic
  // below inside the years a PostgreSQL date can spell.
  if ((parsedFrom !== undefined && parsedFrom >= LATEST_BOUND_MS) || (parsedTo !== undefined && parsedTo < 0))
    return '0';
  const from = parsedFrom !== undefined && parsedFrom > 0 ? parsedFrom : undefined;
  const to = parsedTo !== undefined && parsedTo < LATEST_BOUND_MS ? parsedTo : undefined;
  const sum = (table: string, conditions: string[]) =>
    `(SELECT coalesce(sum(n), 0) FROM ${table} WHERE ${[...bucketFilters(criteria, p), ...conditions].join(' AND ')})`;
  if (from === undefined && to === undefined) return sum('transaction_totals', []);

  // Whole UTC days inside [from, to]: [firstDay, endDay) as day numbers.
  const firstDay = from === undefined ? undefined : Math.ceil(from / DAY_MS);
  const endDay = to === undefined ? undefined : Math.floor((to + 1) / DAY_MS);
  if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay) return countRows();
  // Whole calendar months inside those days: [firstMonth, endMonth) as day numbers.
  const firstMonth = firstDay === undefined ? undefined : monthStartOnOrAfter(firstDay);
  const endMonth = endDay === undefined ? undefined : monthStartOnOrBefore(endDay);
  const parts: string[] = [];
  const days = (start: number | undefined, end: number | undefined) =>
    sum('transaction_counts', [
      ...(start === undefined ? [] : [`created_day >= ${p(dayString(start))}::date`]),
      ...(end === undefined ? [] : [`created_day < ${p(dayString(end))}::date`]),
    ]);
  if (firstMonth !== undefined && endMonth !== undefined && firstMonth >= endMonth) {
    parts.push(days(firstDay, endDay));
  } else {
    parts.push(
      sum('transaction_monthly_counts', [
        ...(firstMonth === undefined ? [] : [`created_month >= ${p(dayString(firstMonth))}::date`]),
        ...(endMonth === undefined ? [] : [`created_month < ${p(dayString(endMonth))}::date`]),
      ]),
    );
    if (firstDay !== undefined && firstMonth !== undefined && firstDay < firstMonth)
      parts.push(days(firstDay, firstMonth));
    if (endDay !== undefined && endMonth !== undefined && endMonth < endDay) parts.push(days(endMonth, endDay));
  }
  if (firstDay !== undefined && from !== undefined && from < firstDay * DAY_MS)
    parts.push(countRows({ from: criteria.createdFrom, before: new Date(firstDay * DAY_MS).toISOString() }));
  if (endDay !== undefined && to !== undefined && to >= endDay * DAY_MS)
    parts.push(countRows({ from: new Date(endDay * DAY_MS).toISOString(), to: criteria.createdTo }));
  return parts.join(' + ');
}

/** Day number of the first day of the month holding `day`. */
function monthStartOnOrBefore(day: number): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
}

/** Day number of `day` when a month starts on it, else of the first day of the next month. */
function monthStartOnOrAfter(day: number): number {
  const start = monthStartOnOrBefore(day);
  if (start === day) return day;
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
}

function dayString(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function toRecord(row: TransactionRow): TransactionRecord {
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    chainId: row.chain_id,
    txHash: row.tx_hash,
    currencyId: row.currency_id,
    amount: BigInt(row.amount),
    fromAddress: row.from_address,
    toAddress: row.to_address,
    operationId: row.operation_id,
    operationType: row.operation_type,
    invoiceId: row.invoice_id,
    blockNumber: row.block_number,
    blockchainFee: row.blockchain_fee === null ? null : BigInt(row.blockchain_fee),
    confirmations: row.confirmations,
    isClaimed: row.is_claimed,
    confirmedAt: row.confirmed_at,
    ratesAtConfirmation:
      row.confirmed_rate_usd === null && row.confirmed_rate_eur === null && row.confirmed_rate_cny === null
        ? null
        : { usd: row.confirmed_rate_usd, eur: row.confirmed_rate_eur, cny: row.confirmed_rate_cny },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    invoice:
      row.invoice_ref_id === null
        ? null
        : { id: row.invoice_ref_id, trackingId: row.invoice_tracking_id, status: row.invoice_status ?? '' },
  };
}
