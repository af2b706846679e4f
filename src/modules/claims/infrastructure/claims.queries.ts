import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

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

export interface ClaimsFilter {
  readonly currencyIds?: readonly string[];
  /** Currencies to keep (already resolved from the catalog's flags); undefined: no flag filter. */
  readonly flagCurrencyIds?: readonly string[];
  readonly invoiceId?: string;
  /** JWT callers only: keep hidden (true) or visible (false) currencies of this member. */
  readonly hidden?: { readonly memberId: string; readonly value: boolean };
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  readonly updatedFrom?: Date;
  readonly updatedTo?: Date;
  readonly sortBy: 'createdAt' | 'updatedAt';
  readonly sortOrder: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: string;
}

export interface ClaimRow {
  invoice_id: string;
  invoice_nonce: string;
  currency_id: string;
  first_at: Date;
  last_at: Date;
  amount: string;
  transactions: string;
}

@Injectable()
export class ClaimsQueries {
  constructor(private readonly dataSource: DataSource) {}

  async list(deploymentId: string, filter: ClaimsFilter): Promise<{ total: number; rows: ClaimRow[] }> {
    const params: unknown[] = [deploymentId];
    const where = ['t.deployment_id = $1', CLAIMABLE];
    const having: string[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.currencyIds) where.push(`t.currency_id = ANY(${bind(filter.currencyIds)}::text[])`);
    if (filter.flagCurrencyIds) where.push(`t.currency_id = ANY(${bind(filter.flagCurrencyIds)}::text[])`);
    if (filter.invoiceId) where.push(`t.invoice_id = ${bind(filter.invoiceId)}`);
    if (filter.hidden) {
      const hiddenIds = `SELECT lower(h.currency_id) FROM member_hidden_currencies h WHERE h.member_id = ${bind(filter.hidden.memberId)}`;
      where.push(`lower(t.currency_id) ${filter.hidden.value ? 'IN' : 'NOT IN'} (${hiddenIds})`);
    }
    if (filter.createdFrom) having.push(`min(t.created_at) >= ${bind(filter.createdFrom)}`);
    if (filter.createdTo) having.push(`min(t.created_at) <= ${bind(filter.createdTo)}`);
    if (filter.updatedFrom) having.push(`max(t.created_at) >= ${bind(filter.updatedFrom)}`);
    if (filter.updatedTo) having.push(`max(t.created_at) <= ${bind(filter.updatedTo)}`);
    const grouped = `
      SELECT t.invoice_id, i.invoice_nonce, t.currency_id, min(t.created_at) AS first_at, max(t.created_at) AS last_at,
             sum(t.amount) AS amount, count(*) AS transactions
        FROM transactions t JOIN invoices i ON i.id = t.invoice_id
       WHERE ${where.join(' AND ')}
       GROUP BY t.invoice_id, i.invoice_nonce, t.currency_id
       ${having.length > 0 ? `HAVING ${having.join(' AND ')}` : ''}`;
    const [{ total }]: { total: string }[] = await this.dataSource.query(
      `SELECT count(*) AS total FROM (${grouped}) g`,
      params,
    );
    const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const column = filter.sortBy === 'updatedAt' ? 'last_at' : 'first_at';
    const rows: ClaimRow[] = await this.dataSource.query(
      `SELECT * FROM (${grouped}) g
        ORDER BY ${column} ${direction}, invoice_id ${direction}, currency_id ${direction}
        LIMIT ${filter.limit} OFFSET ${bind(filter.offset)}`,
      params,
    );
    return { total: Number(total), rows };
  }

  /** Currencies with a non-zero claimable amount. */
  async claimableCurrencyIds(deploymentId: string): Promise<string[]> {
    const rows: { currency_id: string }[] = await this.dataSource.query(
      `SELECT t.currency_id FROM transactions t
        WHERE t.deployment_id = $1 AND ${CLAIMABLE} AND t.invoice_id IS NOT NULL
        GROUP BY t.currency_id HAVING sum(t.amount) > 0`,
      [deploymentId],
    );
    return rows.map((row) => row.currency_id);
  }

  /** What a claim of these invoices (by nonce) in one currency collects, base units. */
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
