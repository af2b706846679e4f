import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { containsPattern, SqlWhere } from '../../../shared/infrastructure/sql';
import {
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
const LATEST_BOUND_MS = Date.UTC(9000, 0, 1);

/**
 * The invoice summary embedded in deposit items ({id, trackingId, status}). Read from the billing
 * context's table on purpose: it is a read model, and the join runs on the page's rows only.
 */
const INVOICE_COLUMNS = `i.id AS invoice_ref_id, i.tracking_id AS invoice_tracking_id, i.status AS invoice_status`;
const INVOICE_JOIN = `LEFT JOIN invoices i ON i.id = t.invoice_id`;

const ROW_COLUMNS = `t.id, t.direction, t.status, t.chain_id, t.tx_hash, t.currency_id, t.amount, t.from_address, t.to_address,
  t.operation_id, t.operation_type, t.invoice_id, t.block_number, t.blockchain_fee, t.confirmations, t.is_claimed,
  t.confirmed_at, t.created_at, t.updated_at, ${INVOICE_COLUMNS}`;

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
  created_at: Date;
  updated_at: Date;
  invoice_ref_id: string | null;
  invoice_tracking_id: string | null;
  invoice_status: string | null;
}

@Injectable()
export class TypeOrmTransactionReadRepository extends TransactionReadRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async list(criteria: TransactionListCriteria): Promise<{ total: number; items: TransactionRecord[] }> {
    if (criteria.currencyIds?.length === 0) return { total: 0, items: [] };
    const [total, items] = await Promise.all([this.count(criteria), this.page(criteria)]);
    return { total, items };
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

  /**
   * Ids of the page by an index-only scan of the sort's covering index (cheap even far into the
   * list), then the full rows of just those ids.
   */
  private async page(criteria: TransactionListCriteria): Promise<TransactionRecord[]> {
    const where = rowFilters(criteria);
    const column = SORT_COLUMN[criteria.sortBy];
    const direction = criteria.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const order = column === 'id' ? `id ${direction}` : `${column} ${direction}, id ${direction}`;
    const limit = where.params.push(criteria.limit);
    const offset = where.params.push(criteria.offset);
    const rows: TransactionRow[] = await this.dataSource.query(
      `SELECT ${ROW_COLUMNS}
         FROM (SELECT id FROM transactions WHERE ${where.sql} ORDER BY ${order} LIMIT $${limit} OFFSET $${offset}) p
         JOIN transactions t ON t.id = p.id
         ${INVOICE_JOIN}
        ORDER BY ${order.replace(/(\w+) (ASC|DESC)/g, 't.$1 $2')}`,
      where.params,
    );
    return rows.map(toRecord);
  }

  /**
   * The exact total. Filters that `transaction_counts` knows (status, currency, type, claimed,
   * created day) are answered from it: the whole days inside a created range from the buckets,
   * the partial days at its edges from the covering index. Any other filter counts rows.
   */
  private async count(criteria: TransactionListCriteria): Promise<number> {
    const bucketed =
      criteria.idContains === undefined &&
      criteria.txHashContains === undefined &&
      criteria.updatedFrom === undefined &&
      criteria.updatedTo === undefined &&
      criteria.operationId === undefined;
    if (!bucketed) return this.countRows(rowFilters(criteria));

    const parsedFrom = criteria.createdFrom === undefined ? undefined : Date.parse(criteria.createdFrom);
    const parsedTo = criteria.createdTo === undefined ? undefined : Date.parse(criteria.createdTo);
    if (parsedFrom !== undefined && parsedTo !== undefined && parsedFrom > parsedTo) return 0;
    // Rows are stamped by the database clock, so nothing lies before 1970 or after 9000: a bound
    // out there either excludes everything or nothing, and dropping it keeps the day arithmetic
    // below inside the years a PostgreSQL date can spell.
    if ((parsedFrom !== undefined && parsedFrom >= LATEST_BOUND_MS) || (parsedTo !== undefined && parsedTo < 0))
      return 0;
    const from = parsedFrom !== undefined && parsedFrom > 0 ? parsedFrom : undefined;
    const to = parsedTo !== undefined && parsedTo < LATEST_BOUND_MS ? parsedTo : undefined;
    // Whole UTC days inside [from, to]: [firstDay, endDay) as day numbers.
    const firstDay = from === undefined ? undefined : Math.ceil(from / DAY_MS);
    const endDay = to === undefined ? undefined : Math.floor((to + 1) / DAY_MS);
    if (firstDay !== undefined && endDay !== undefined && firstDay >= endDay)
      return this.countRows(rowFilters(criteria));

    const buckets = bucketFilters(criteria);
    if (firstDay !== undefined) buckets.add((p) => `created_day >= ${p(dayString(firstDay))}::date`);
    if (endDay !== undefined) buckets.add((p) => `created_day < ${p(dayString(endDay))}::date`);
    const [sum, before, after] = await Promise.all([
      this.dataSource.query(
        `SELECT coalesce(sum(n), 0)::text AS n FROM transaction_counts WHERE ${buckets.sql}`,
        buckets.params,
      ) as Promise<{ n: string }[]>,
      firstDay === undefined
        ? 0
        : this.countRows(rowFilters({ ...criteria, createdTo: new Date(firstDay * DAY_MS - 1).toISOString() })),
      endDay === undefined
        ? 0
        : this.countRows(rowFilters({ ...criteria, createdFrom: new Date(endDay * DAY_MS).toISOString() })),
    ]);
    return Number(sum[0].n) + before + after;
  }

  private async countRows(where: SqlWhere): Promise<number> {
    const rows: { n: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS n FROM transactions WHERE ${where.sql}`,
      where.params,
    );
    return Number(rows[0].n);
  }
}

function commonFilters(criteria: TransactionListCriteria, where: SqlWhere): SqlWhere {
  where.add((p) => `deployment_id = ${p(criteria.deploymentId)}`);
  if (criteria.statuses !== undefined) where.add((p) => `status = ANY(${p(criteria.statuses)})`);
  if (criteria.currencyIds !== undefined) where.add((p) => `currency_id = ANY(${p(criteria.currencyIds)})`);
  if (criteria.operationTypes !== undefined) where.add((p) => `operation_type = ANY(${p(criteria.operationTypes)})`);
  if (criteria.isClaimed !== undefined) where.add((p) => `is_claimed = ${p(criteria.isClaimed)}`);
  return where;
}

function bucketFilters(criteria: TransactionListCriteria): SqlWhere {
  return commonFilters(criteria, new SqlWhere());
}

function rowFilters(criteria: TransactionListCriteria): SqlWhere {
  const where = commonFilters(criteria, new SqlWhere());
  if (criteria.createdFrom !== undefined) where.add((p) => `created_at >= ${p(criteria.createdFrom)}::timestamptz`);
  if (criteria.createdTo !== undefined) where.add((p) => `created_at <= ${p(criteria.createdTo)}::timestamptz`);
  if (criteria.updatedFrom !== undefined) where.add((p) => `updated_at >= ${p(criteria.updatedFrom)}::timestamptz`);
  if (criteria.updatedTo !== undefined) where.add((p) => `updated_at <= ${p(criteria.updatedTo)}::timestamptz`);
  if (criteria.operationId !== undefined) where.add((p) => `operation_id = ${p(criteria.operationId)}::uuid`);
  if (criteria.idContains !== undefined)
    where.add((p) => `id::text LIKE ${p(containsPattern(criteria.idContains!.toLowerCase()))}`);
  if (criteria.txHashContains !== undefined)
    where.add((p) => `lower(tx_hash) LIKE ${p(containsPattern(criteria.txHashContains!.toLowerCase()))}`);
  return where;
}

/** A substring match with the client's `%`, `_` and `\` taken literally. */

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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    invoice:
      row.invoice_ref_id === null
        ? null
        : { id: row.invoice_ref_id, trackingId: row.invoice_tracking_id, status: row.invoice_status ?? '' },
  };
}
