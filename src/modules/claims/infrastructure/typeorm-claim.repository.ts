import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { narrowedOnlyBy, SqlWhere, sweptByClaimSql } from '../../../shared/infrastructure/sql';
import { ClaimableDeposits, ClaimRepository, ClaimsFilter } from '../domain/claim.repository';

/**
 * SQL of the claims read model over `transactions`, their per-group rollup `claimable_groups` (kept
 * by the transactions' triggers) and `invoices`. It only reads them: the tables belong to the
 * deployments and billing contexts (docs/architecture.md names these reads), and the deposits a
 * claim sweeps are marked claimed by their owner, `TransactionRecorder.markClaimed`. Claims are a
 * projection of exactly those rows; going through an API would mean loading every deposit to sum it
 * in memory.
 */

/** What a mined claim sweeps on chain: every mined deposit of its deposit accounts not claimed yet. */
const SWEPT = sweptByClaimSql('t.');

/**
 * The list's conditions on `g`'s deployment and currency, columns `claimable_groups` and its
 * rollup `claimable_group_totals` share.
 */
function currencyFilters(deploymentId: string, filter: ClaimsFilter): SqlWhere {
  const where = new SqlWhere().add((p) => `g.deployment_id = ${p(deploymentId)}`);
  if (filter.currencyIds) where.add((p) => `g.currency_id = ANY(${p(filter.currencyIds)}::text[])`);
  if (filter.flagCurrencyIds) where.add((p) => `g.currency_id = ANY(${p(filter.flagCurrencyIds)}::text[])`);
  const hidden = filter.hidden;
  if (hidden) {
    where.add(
      (p) =>
        `lower(g.currency_id) ${hidden.value ? 'IN' : 'NOT IN'} (SELECT lower(h.currency_id) FROM member_hidden_currencies h WHERE h.member_id = ${p(hidden.memberId)})`,
    );
  }
  return where;
}

/** Every condition of the list, on `claimable_groups g`. */
export function groupFilters(deploymentId: string, filter: ClaimsFilter): SqlWhere {
  const where = currencyFilters(deploymentId, filter);
  if (filter.invoiceId) where.add((p) => `g.invoice_id = ${p(filter.invoiceId)}`);
  if (filter.createdFrom) where.add((p) => `g.first_at >= ${p(filter.createdFrom)}`);
  if (filter.createdTo) where.add((p) => `g.first_at <= ${p(filter.createdTo)}`);
  if (filter.updatedFrom) where.add((p) => `g.last_at >= ${p(filter.updatedFrom)}`);
  if (filter.updatedTo) where.add((p) => `g.last_at <= ${p(filter.updatedTo)}`);
  return where;
}

interface ClaimRow {
  invoice_id: string;
  invoice_nonce: string;
  currency_id: string;
  first_at: Date;
  last_at: Date;
  amount: string;
  transactions: string;
}

@Injectable()
export class TypeOrmClaimRepository extends ClaimRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * The list reads `claimable_groups` (per invoice and currency: first and last deposit, sum and
   * count), kept by the transactions' triggers in the same statement as every write: the page is
   * an index scan in the list's order, and the invoice nonces are joined for its rows only.
   */
  async list(deploymentId: string, filter: ClaimsFilter): Promise<{ total: number; items: ClaimableDeposits[] }> {
    const where = groupFilters(deploymentId, filter);
    const total = await this.total(deploymentId, filter, where);
    // Nothing to read past the end (a filter matching nothing would walk every group).
    if (BigInt(filter.offset) >= BigInt(total)) return { total, items: [] };
    const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const column = filter.sortBy === 'updatedAt' ? 'g.last_at' : 'g.first_at';
    const rows: ClaimRow[] = await this.dataSource.query(
      `SELECT g.invoice_id, g.currency_id, g.first_at, g.last_at, g.amount, g.transactions, i.invoice_nonce
         FROM claimable_groups g JOIN invoices i ON i.id = g.invoice_id
        WHERE ${where.sql}
        ORDER BY ${column} ${direction}, g.invoice_id ${direction}, g.currency_id ${direction}
        LIMIT ${where.bind(filter.limit)} OFFSET ${where.bind(filter.offset)}`,
      where.params,
    );
    return {
      total,
      items: rows.map((row) => ({
        invoiceId: row.invoice_id,
        invoiceNonce: row.invoice_nonce,
        currencyId: row.currency_id,
        firstAt: row.first_at,
        lastAt: row.last_at,
        amount: BigInt(row.amount),
        transactions: Number(row.transactions),
      })),
    };
  }

  /**
   * The list's exact total: summed from `claimable_group_totals` (groups per deployment and
   * currency, kept by triggers) when nothing but currencies narrows the list, else counted from
   * the groups. A filter added later counts groups until the rollup learns it.
   */
  private async total(deploymentId: string, filter: ClaimsFilter, groups: SqlWhere): Promise<number> {
    let sql = `SELECT count(*) AS total FROM claimable_groups g WHERE ${groups.sql}`;
    let params = groups.params;
    if (narrowedOnlyBy(filter, ['currencyIds', 'flagCurrencyIds', 'hidden'])) {
      const buckets = currencyFilters(deploymentId, filter);
      sql = `SELECT coalesce(sum(g.n), 0) AS total FROM claimable_group_totals g WHERE ${buckets.sql}`;
      params = buckets.params;
    }
    const [{ total }]: { total: string }[] = await this.dataSource.query(sql, params);
    return Number(total);
  }

  async claimableCurrencyIds(deploymentId: string): Promise<string[]> {
    const rows: { currency_id: string }[] = await this.dataSource.query(
      `SELECT g.currency_id FROM claimable_groups g WHERE g.deployment_id = $1 GROUP BY g.currency_id HAVING sum(g.amount) > 0`,
      [deploymentId],
    );
    return rows.map((row) => row.currency_id);
  }

  async claimableSum(
    manager: EntityManager,
    deploymentId: string,
    currencyId: string,
    invoiceNonces: readonly string[],
  ): Promise<bigint> {
    const rows: { total: string | null }[] = await manager.query(
      `SELECT sum(t.amount) AS total FROM transactions t JOIN invoices i ON i.id = t.invoice_id
        WHERE t.deployment_id = $1 AND ${SWEPT} AND t.currency_id = $2 AND i.deployment_id = $1
          AND i.invoice_nonce = ANY($3::bigint[])`,
      [deploymentId, currencyId, invoiceNonces],
    );
    return BigInt(rows[0]?.total ?? '0');
  }

  async invoiceIdsByNonce(
    manager: EntityManager,
    deploymentId: string,
    invoiceNonces: readonly string[],
  ): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT id FROM invoices WHERE deployment_id = $1 AND invoice_nonce = ANY($2::bigint[])`,
      [deploymentId, invoiceNonces],
    );
    return rows.map((row) => row.id);
  }
}
