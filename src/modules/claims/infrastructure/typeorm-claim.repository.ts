import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SqlWhere, sweptByClaimSql } from '../../../shared/infrastructure/sql';
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
    const where = new SqlWhere().add((p) => `g.deployment_id = ${p(deploymentId)}`);
    if (filter.currencyIds) where.add((p) => `g.currency_id = ANY(${p(filter.currencyIds)}::text[])`);
    if (filter.flagCurrencyIds) where.add((p) => `g.currency_id = ANY(${p(filter.flagCurrencyIds)}::text[])`);
    if (filter.invoiceId) where.add((p) => `g.invoice_id = ${p(filter.invoiceId)}`);
    const hidden = filter.hidden;
    if (hidden) {
      where.add(
        (p) =>
          `lower(g.currency_id) ${hidden.value ? 'IN' : 'NOT IN'} (SELECT lower(h.currency_id) FROM member_hidden_currencies h WHERE h.member_id = ${p(hidden.memberId)})`,
      );
    }
    if (filter.createdFrom) where.add((p) => `g.first_at >= ${p(filter.createdFrom)}`);
    if (filter.createdTo) where.add((p) => `g.first_at <= ${p(filter.createdTo)}`);
    if (filter.updatedFrom) where.add((p) => `g.last_at >= ${p(filter.updatedFrom)}`);
    if (filter.updatedTo) where.add((p) => `g.last_at <= ${p(filter.updatedTo)}`);
    const [{ total }]: { total: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total FROM claimable_groups g WHERE ${where.sql}`,
      where.params,
    );
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
      total: Number(total),
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
