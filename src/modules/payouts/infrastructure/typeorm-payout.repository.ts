import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { lookalikePattern } from '../../../shared/domain/lookalike';
import { containsCondition, narrowedOnlyBy, SqlWhere, SubstringColumn } from '../../../shared/infrastructure/sql';
import { cursorBatches } from '../../../shared/infrastructure/sql-cursor';
import { periodCountedPageStart } from '../../../shared/infrastructure/deep-page';
import { Payout } from '../domain/payout';
import { PayoutFilter, PayoutListFilter, PayoutRepository, PayoutUnitOfWork } from '../domain/payout.repository';
import { PayoutStatus } from '../domain/payout-status';

interface PayoutRow {
  id: string;
  deployment_id: string;
  queue_operation_id: string;
  currency_id: string;
  amount: string;
  to_address: string;
  tracking_id: string | null;
  callback_url: string | null;
  nonce: string;
  status: PayoutStatus;
  created_by: string;
  created_by_member_id: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, deployment_id, queue_operation_id, currency_id, amount, to_address, tracking_id, callback_url, nonce,
  status, created_by, created_by_member_id, created_at, updated_at`;

/** The substring filters, as the trigram and gram indexes are built on them. */
const ID_TEXT: SubstringColumn = { expression: 'id::text', operator: 'ILIKE', lowered: 'id::text' };
const TRACKING_ID: SubstringColumn = { expression: 'tracking_id', operator: 'ILIKE', lowered: 'lower(tracking_id)' };
const CREATED_BY: SubstringColumn = { expression: 'created_by', operator: 'ILIKE', lowered: 'lower(created_by)' };
const TO_ADDRESS: SubstringColumn = { expression: 'to_address', operator: 'ILIKE', lowered: 'lower(to_address)' };

const SORT_COLUMNS: Record<PayoutFilter['sortBy'], string> = {
  id: 'id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** Payouts in PostgreSQL (table `payouts`, migration 1763750600000). */
@Injectable()
export class TypeOrmPayoutRepository extends PayoutRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  within(manager: EntityManager): PayoutUnitOfWork {
    return new TypeOrmPayoutUnit(manager);
  }

  async recipientsNear(
    accountId: string,
    addresses: readonly Address[],
    before: Date,
    manager?: EntityManager,
  ): Promise<string[]> {
    if (addresses.length === 0) return [];
    // One index range per deployment of the account (ix_payouts_deployment_to_address_hex).
    const rows: { hex: string }[] = await (manager ?? this.dataSource).query(
      // The addresses themselves first: a capped answer never drops the match that makes one known.
      `SELECT hex FROM (
         SELECT DISTINCT p.to_address_hex AS hex
           FROM deployments d JOIN payouts p ON p.deployment_id = d.id
          WHERE d.account_id = $1 AND p.created_at < $2
            AND (p.to_address_hex = ANY($3::text[]) OR p.to_address_hex LIKE ANY($4::text[]))) near
        ORDER BY hex = ANY($3::text[]) DESC
        LIMIT 1000`,
      [accountId, before, addresses.map((address) => address.hex20), addresses.map(lookalikePattern)],
    );
    return rows.map((row) => row.hex);
  }

  async totalSince(manager: EntityManager, accountId: string, currencyId: string, since: Date): Promise<bigint> {
    const [row]: { total: string }[] = await manager.query(
      `SELECT COALESCE(sum(p.amount), 0)::text AS total
         FROM deployments d JOIN payouts p ON p.deployment_id = d.id
        WHERE d.account_id = $1 AND p.currency_id = $2 AND p.created_at > $3
          AND p.status NOT IN ('CANCELED', 'FAILED')`,
      [accountId, currencyId, since],
    );
    return BigInt(row.total);
  }

  async find(deploymentId: string, payoutId: string): Promise<Payout | undefined> {
    const rows: PayoutRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM payouts WHERE id = $1 AND deployment_id = $2`,
      [payoutId, deploymentId],
    );
    return rows[0] && payoutFromRow(rows[0]);
  }

  async list(deploymentId: string, filter: PayoutListFilter): Promise<{ total: number; items: Payout[] }> {
    const where = filterWhere(deploymentId, filter);
    const total = await this.total(deploymentId, filter, where);
    // Nothing to read past the end: a filter that matches nothing would otherwise walk every row
    // of the deployment in the list's order looking for a first one.
    if (BigInt(filter.offset) >= BigInt(total)) return { total, items: [] };
    const order = orderBy(filter);
    // A deferred join: the page's ids from the sort's index (an index-only scan unless a filter
    // needs the rows), then the full rows of those ids only, so a deep page skips index entries
    // instead of rows; a deep page by creation starts at its day (`payout_period_counts`).
    const { ctes, edge, skip } = periodCountedPageStart(
      filter,
      {
        table: 'payout_period_counts',
        serves: narrowedOnlyBy(filter, ROLLED_UP),
        buckets: () => bucketConditions(deploymentId, filter, (value) => where.bind(value)),
      },
      where.bind(filter.offset),
    );
    const rows: PayoutRow[] = await this.dataSource.query(
      `${ctes} SELECT ${COLUMNS} FROM payouts
        WHERE id IN (SELECT id FROM payouts WHERE ${where.sql}${edge} ORDER BY ${order}
                      LIMIT ${where.bind(filter.limit)} OFFSET ${skip})
        ORDER BY ${order}`,
      where.params,
    );
    return { total, items: rows.map(payoutFromRow) };
  }

  async *export(deploymentId: string, filter: PayoutFilter, maxRows: number): AsyncGenerator<Payout[]> {
    const where = filterWhere(deploymentId, filter);
    const sql = `SELECT ${COLUMNS} FROM payouts WHERE ${where.sql} ORDER BY ${orderBy(filter)} LIMIT ${where.bind(maxRows)}`;
    for await (const rows of cursorBatches<PayoutRow>(this.dataSource, sql, where.params)) {
      yield rows.map(payoutFromRow);
    }
  }

  /**
   * The list's exact total: summed from `payout_totals` (per deployment, status and currency, kept
   * by triggers) when nothing but those narrows the list, else counted from the rows. A filter
   * added later counts rows until the rollup learns it.
   */
  private async total(deploymentId: string, filter: PayoutListFilter, rows: SqlWhere): Promise<number> {
    let sql = `SELECT count(*) AS total FROM payouts WHERE ${rows.sql}`;
    let params = rows.params;
    if (narrowedOnlyBy(filter, ROLLED_UP)) {
      const buckets = new SqlWhere().add((p) => bucketConditions(deploymentId, filter, p).join(' AND '));
      sql = `SELECT coalesce(sum(n), 0) AS total FROM payout_totals WHERE ${buckets.sql}`;
      params = buckets.params;
    }
    const [{ total }]: { total: string }[] = await this.dataSource.query(sql, params);
    return Number(total);
  }
}

class TypeOrmPayoutUnit implements PayoutUnitOfWork {
  constructor(private readonly manager: EntityManager) {}

  async insert(payout: Payout): Promise<void> {
    const p = payout.toProps();
    await this.manager.query(
      `INSERT INTO payouts (id, deployment_id, queue_operation_id, currency_id, amount, to_address, to_address_hex, tracking_id,
                            callback_url, nonce, status, created_by, created_by_member_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        p.id,
        p.deploymentId,
        p.queueOperationId,
        p.currencyId,
        p.amount.toString(),
        p.toAddress.display,
        p.toAddress.hex20,
        p.trackingId,
        p.callbackUrl,
        p.nonce.toString(),
        p.status,
        p.createdBy,
        p.createdByMemberId,
        p.createdAt,
        p.updatedAt,
      ],
    );
  }

  async save(payout: Payout): Promise<void> {
    const p = payout.toProps();
    await this.manager.query(
      `UPDATE payouts SET tracking_id = $2, callback_url = $3, nonce = $4, status = $5, updated_at = $6 WHERE id = $1`,
      [p.id, p.trackingId, p.callbackUrl, p.nonce.toString(), p.status, p.updatedAt],
    );
  }

  async findForUpdate(deploymentId: string, payoutId: string): Promise<Payout | undefined> {
    const rows: PayoutRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM payouts WHERE id = $1 AND deployment_id = $2 FOR UPDATE`,
      [payoutId, deploymentId],
    );
    return rows[0] && payoutFromRow(rows[0]);
  }

  async findByOperationForUpdate(queueOperationId: string): Promise<Payout | undefined> {
    const rows: PayoutRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM payouts WHERE queue_operation_id = $1 FOR UPDATE`,
      [queueOperationId],
    );
    return rows[0] && payoutFromRow(rows[0]);
  }
}

/** The filters the rollups count by (`payout_totals`, `payout_period_counts`). */
const ROLLED_UP: (keyof PayoutListFilter)[] = ['statuses', 'currencyIds'];

/** The rollups' buckets matching `filter`'s ROLLED_UP filters. */
function bucketConditions(deploymentId: string, filter: PayoutFilter, p: (value: unknown) => string): string[] {
  const parts = [`deployment_id = ${p(deploymentId)}`];
  if (filter.currencyIds) parts.push(`currency_id = ANY(${p(filter.currencyIds)}::text[])`);
  if (filter.statuses) parts.push(`status = ANY(${p(filter.statuses)}::text[])`);
  return parts;
}

/** The list's WHERE clause, for a page and for the export alike. */
function filterWhere(deploymentId: string, filter: PayoutFilter): SqlWhere {
  const where = new SqlWhere().add((p) => `deployment_id = ${p(deploymentId)}`);
  const { idContains, trackingIdContains, createdByContains, toAddressContains } = filter;
  if (idContains !== undefined) where.add((p) => containsCondition(ID_TEXT, idContains, p));
  if (trackingIdContains !== undefined) where.add((p) => containsCondition(TRACKING_ID, trackingIdContains, p));
  if (createdByContains !== undefined) where.add((p) => containsCondition(CREATED_BY, createdByContains, p));
  if (toAddressContains !== undefined) where.add((p) => containsCondition(TO_ADDRESS, toAddressContains, p));
  if (filter.createdFrom) where.add((p) => `created_at >= ${p(filter.createdFrom)}`);
  if (filter.createdTo) where.add((p) => `created_at <= ${p(filter.createdTo)}`);
  if (filter.updatedFrom) where.add((p) => `updated_at >= ${p(filter.updatedFrom)}`);
  if (filter.updatedTo) where.add((p) => `updated_at <= ${p(filter.updatedTo)}`);
  if (filter.currencyIds) where.add((p) => `currency_id = ANY(${p(filter.currencyIds)}::text[])`);
  if (filter.statuses) where.add((p) => `status = ANY(${p(filter.statuses)}::text[])`);
  return where;
}

/** The list's order; `id` breaks ties in the same direction. */
function orderBy(filter: PayoutFilter): string {
  const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[filter.sortBy];
  return column === 'id' ? `id ${direction}` : `${column} ${direction}, id ${direction}`;
}

function payoutFromRow(row: PayoutRow): Payout {
  // The display form says which network it belongs to (0x… EVM, T… Tron).
  const toAddress = Address.tryParseAny(row.to_address);
  if (toAddress === undefined) throw new Error(`payout ${row.id} has an unreadable to_address`);
  return Payout.restore({
    id: row.id,
    deploymentId: row.deployment_id,
    currencyId: row.currency_id,
    amount: BigInt(row.amount),
    toAddress,
    trackingId: row.tracking_id,
    callbackUrl: row.callback_url,
    queueOperationId: row.queue_operation_id,
    nonce: BigInt(row.nonce),
    status: row.status,
    createdBy: row.created_by,
    createdByMemberId: row.created_by_member_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
