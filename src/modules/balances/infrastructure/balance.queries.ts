import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One currency of one deployment, in base units. */
export interface LedgerBalanceRow {
  readonly currencyId: string;
  /** Settled IN held by the wallet − settled OUT. */
  readonly balance: bigint;
  /** Settled invoice deposits not yet claimed into the wallet. */
  readonly uncollected: bigint;
  /** Invoices with such deposits. */
  readonly uncollectedInvoiceIds: readonly string[];
}

/**
 * The balance ledger: a read model over the deployments context's `transactions` table (it spans
 * contexts on purpose, like the claims list). Only settled rows (EXECUTED or CONFIRMED) count:
 *
 * - into the wallet: `direct_deposit` transfers, and `invoice` deposits once claimed (a claim
 *   sweeps them from their deposit accounts into the wallet; the `claim` row itself is not counted
 *   again);
 * - out of the wallet: executed `payout` and `dapp_transaction` rows that carry a currency;
 *   `set_config`, `reject` and `deploy` move no funds, and gas is paid by the executor, not the
 *   wallet, so fees are not subtracted;
 * - uncollected: `invoice` deposits not yet claimed (they sit in their deposit accounts).
 */
@Injectable()
export class BalanceQueries {
  constructor(private readonly dataSource: DataSource) {}

  async ledger(deploymentId: string): Promise<LedgerBalanceRow[]> {
    const rows: { currency_id: string; balance: string; uncollected: string; invoice_ids: string[] }[] =
      await this.dataSource.query(
        `SELECT t.currency_id,
                coalesce(sum(CASE
                  WHEN t.operation_type = 'direct_deposit' AND t.direction = 'IN' THEN t.amount
                  WHEN t.operation_type = 'invoice' AND t.is_claimed THEN t.amount
                  WHEN t.operation_type IN ('payout', 'dapp_transaction') AND t.direction = 'OUT' THEN -t.amount
                  ELSE 0 END), 0)::text AS balance,
                coalesce(sum(t.amount) FILTER (WHERE t.operation_type = 'invoice' AND NOT t.is_claimed), 0)::text
                  AS uncollected,
                coalesce(array_agg(DISTINCT t.invoice_id::text)
                  FILTER (WHERE t.operation_type = 'invoice' AND NOT t.is_claimed AND t.invoice_id IS NOT NULL), '{}')
                  AS invoice_ids
           FROM transactions t
          WHERE t.deployment_id = $1 AND t.status IN ('EXECUTED', 'CONFIRMED') AND t.currency_id IS NOT NULL
          GROUP BY t.currency_id`,
        [deploymentId],
      );
    return rows.map((row) => ({
      currencyId: row.currency_id,
      balance: BigInt(row.balance),
      uncollected: BigInt(row.uncollected),
      uncollectedInvoiceIds: row.invoice_ids,
    }));
  }
}
