import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SqlWhere } from '../../../shared/infrastructure/sql';
import { ClaimableDeposits, ClaimRepository, ClaimsFilter } from '../domain/claim.repository';

/**
 * SQL of the claims read model (SPEC §9) over `transactions` and `invoices`.
 *
 * The exception: the `transactions` table belongs to the deployments context (its only writer of
 * new rows is `TransactionRecorder`), but claims read it directly and flip `is_claimed` here. Claims
 * are a projection of exactly those rows, and going through an API would mean loading every deposit
 * to sum it in memory. Nothing else in this context touches another context's tables.
 */

/** An invoice deposit that can still be claimed: mined, not claimed yet. */
const CLAIMABLE = `t.operation_type = 'invoice' AND t.status IN ('EXECUTED', 'CONFIRMED') AND t.is_claimed = false`;

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

  async list(deploymentId: string, filter: ClaimsFilter): Promise<{ total: number; items: ClaimableDeposits[] }> {
    const where = new SqlWhere(CLAIMABLE).add((p) => `t.deployment_id = ${p(deploymentId)}`);
    const having: string[] = [];
    const bind = (value: unknown) => where.bind(value);
    const params = where.params;
    if (filter.currencyIds) where.add((p) => `t.currency_id = ANY(${p(filter.currencyIds)}::text[])`);
    if (filter.flagCurrencyIds) where.add((p) => `t.currency_id = ANY(${p(filter.flagCurrencyIds)}::text[])`);
    if (filter.invoiceId) where.add((p) => `t.invoice_id = ${p(filter.invoiceId)}`);
    const hidden = filter.hidden;
    if (hidden) {
      where.add(
        (p) =>
          `lower(t.currency_id) ${hidden.value ? 'IN' : 'NOT IN'} (SELECT lower(h.currency_id) FROM member_hidden_currencies h WHERE h.member_id = ${p(hidden.memberId)})`,
      );
    }
    // HAVING binds into the same parameter list, after the WHERE's values.
    if (filter.createdFrom) having.push(`min(t.created_at) >= ${bind(filter.createdFrom)}`);
    if (filter.createdTo) having.push(`min(t.created_at) <= ${bind(filter.createdTo)}`);
    if (filter.updatedFrom) having.push(`max(t.created_at) >= ${bind(filter.updatedFrom)}`);
    if (filter.updatedTo) having.push(`max(t.created_at) <= ${bind(filter.updatedTo)}`);
    // Grouped without the invoices table (an index-only scan of the claimable index, in group
    // order); the invoice nonces are joined for the page's rows only.
    const grouped = `
      SELECT t.invoice_id, t.currency_id, min(t.created_at) AS first_at, max(t.created_at) AS last_at,
             sum(t.amount) AS amount, count(*) AS transactions
        FROM transactions t
       WHERE ${where.sql} AND t.invoice_id IS NOT NULL
       GROUP BY t.invoice_id, t.currency_id
       ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}`;
    const [{ total }]: { total: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total FROM (${grouped}) g`,
      params,
    );
    const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const column = filter.sortBy === 'updatedAt' ? 'last_at' : 'first_at';
    const order = (alias = '') =>
      `${alias}${column} ${direction}, ${alias}invoice_id ${direction}, ${alias}currency_id ${direction}`;
    const rows: ClaimRow[] = await this.dataSource.query(
      `SELECT g.*, i.invoice_nonce
         FROM (${grouped} ORDER BY ${order()} LIMIT ${filter.limit} OFFSET ${bind(filter.offset)}) g
         JOIN invoices i ON i.id = g.invoice_id
        ORDER BY ${order('g.')}`,
      params,
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
      `SELECT t.currency_id FROM transactions t
        WHERE t.deployment_id = $1 AND ${CLAIMABLE} AND t.invoice_id IS NOT NULL
        GROUP BY t.currency_id HAVING sum(t.amount) > 0`,
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
        WHERE t.deployment_id = $1 AND ${CLAIMABLE} AND t.currency_id = $2 AND i.deployment_id = $1
          AND i.invoice_nonce = ANY($3::bigint[])`,
      [deploymentId, currencyId, invoiceNonces],
    );
    return BigInt(rows[0]?.total ?? '0');
  }

  async markClaimed(
    manager: EntityManager,
    deploymentId: string,
    currencyId: string,
    invoiceNonces: readonly string[],
  ): Promise<string[]> {
    // TypeORM answers an UPDATE with [rows, rowCount].
    const [rows]: [{ invoice_id: string }[], number] = await manager.query(
      `UPDATE transactions t SET is_claimed = true, updated_at = now()
         FROM invoices i
        WHERE i.id = t.invoice_id AND i.deployment_id = $1 AND i.invoice_nonce = ANY($3::bigint[])
          AND t.deployment_id = $1 AND ${CLAIMABLE} AND t.currency_id = $2
        RETURNING t.invoice_id`,
      [deploymentId, currencyId, invoiceNonces],
    );
    return [...new Set(rows.map((row) => row.invoice_id))];
  }
}
