import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BalanceLedger, LedgerBalanceRow, LedgerWallet } from '../domain/balance-ledger';
import { countsAsMoneySql } from '../../../shared/infrastructure/sql';

const SETTLED = countsAsMoneySql('t.');
const UNCOLLECTED = `t.operation_type = 'invoice' AND NOT t.is_claimed`;
/**
 * What a `transaction_amounts` (or `transactions`) row `t` adds to the wallet's own balance: direct
 * deposits in, claimed invoice deposits in, executed payouts and dApp transactions carrying a
 * currency out. The caller keeps CONFIRMED rows only.
 */
const WALLET_AMOUNT = `CASE
  WHEN t.operation_type = 'direct_deposit' AND t.direction = 'IN' THEN t.amount
  WHEN t.operation_type = 'invoice' AND t.is_claimed THEN t.amount
  WHEN t.operation_type IN ('payout', 'dapp_transaction') AND t.direction = 'OUT' THEN -t.amount
  ELSE 0 END`;
/** A mined claim of `t` swept its deposits to recipient `t.to_address`; `d` is its deployment. */
const MINED_CLAIM = `t.operation_type = 'claim' AND t.status IN ('EXECUTED', 'CONFIRMED')`;
/** The account's deployments on a chain, by `$1` and `$2` (one, as its contract has one address per chain). */
const ACCOUNT_DEPLOYMENT = `SELECT d.id FROM deployments d WHERE d.account_id = $1 AND d.chain_id = $2`;

/**
 * The balance ledger: a read model over the deployments context's `transactions` table and its
 * `transaction_amounts` rollup (it spans contexts on purpose, like the claims list). Only CONFIRMED
 * rows count (money counts once final):
 *
 * - into the wallet: `direct_deposit` transfers, and `invoice` deposits once claimed (a claim
 *   sweeps them from their deposit accounts into the wallet; the `claim` row itself is not counted
 *   again), less what a `claimTo` sent elsewhere: its `claim` row names another recipient than the
 *   wallet, and counts once mined, as the deposits it marked claimed do;
 * - out of the wallet: executed `payout` and `dapp_transaction` rows that carry a currency;
 *   `set_config`, `reject` and `deploy` move no funds, and gas is paid by the executor, not the
 *   wallet, so fees are not subtracted;
 * - uncollected: `invoice` deposits not yet claimed (they sit in their deposit accounts).
 */
@Injectable()
export class TypeOrmBalanceLedger extends BalanceLedger {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /**
   * From the `transaction_amounts` rollup: a few rows per currency, however long the history; and
   * the account's claims whose recipient is not its wallet, read from `transactions` (a handful).
   */
  async ledger(accountId: string, chainId: string): Promise<LedgerBalanceRow[]> {
    const sentAway: { currency_id: string; amount: string }[] = await this.dataSource.query(
      `SELECT t.currency_id, sum(t.amount)::text AS amount
         FROM transactions t JOIN deployments d ON d.id = t.deployment_id
        WHERE d.account_id = $1 AND d.chain_id = $2 AND ${MINED_CLAIM} AND t.to_address <> d.address
        GROUP BY t.currency_id`,
      [accountId, chainId],
    );
    const sentAwayBy = new Map(sentAway.map((row) => [row.currency_id, BigInt(row.amount)]));
    const rows: { currency_id: string; balance: string; uncollected: string }[] = await this.dataSource.query(
      `SELECT t.currency_id,
              coalesce(sum(${WALLET_AMOUNT}), 0)::text AS balance,
              coalesce(sum(t.amount) FILTER (WHERE ${UNCOLLECTED}), 0)::text AS uncollected
         FROM transaction_amounts t
        WHERE t.deployment_id IN (${ACCOUNT_DEPLOYMENT}) AND ${SETTLED}
        GROUP BY t.currency_id`,
      [accountId, chainId],
    );
    return rows.map((row) => ({
      currencyId: row.currency_id,
      balance: BigInt(row.balance) - (sentAwayBy.get(row.currency_id) ?? 0n),
      uncollected: BigInt(row.uncollected),
    }));
  }

  async uncollectedInvoices(accountId: string, chainId: string, currencyIds: readonly string[]): Promise<number> {
    const [{ invoices }]: { invoices: number }[] = await this.dataSource.query(
      `SELECT count(DISTINCT t.invoice_id)::int AS invoices
         FROM transactions t
        WHERE t.deployment_id IN (${ACCOUNT_DEPLOYMENT}) AND ${SETTLED} AND ${UNCOLLECTED}
          AND t.invoice_id IS NOT NULL AND t.currency_id = ANY($3::text[])`,
      [accountId, chainId, currencyIds],
    );
    return invoices;
  }

  /**
   * One statement, so one snapshot: the rollup's balance, less what claims sent elsewhere (as
   * `ledger`), less what rows above the block moved. Above the block, an invoice deposit's sweep is
   * known by its claim row alone, whatever the deposit's own block (a claim into the wallet names the wallet as recipient; a claim to
   * another recipient never touched the wallet, and `ledger` nets it out already), and the rows are
   * found through `ix_transactions_deployment_block`, not the deployment's history.
   */
  async walletLedgerAt(deploymentId: string, blockNumber: bigint): Promise<Map<string, bigint>> {
    const rows: { currency_id: string; balance: string }[] = await this.dataSource.query(
      `WITH d AS (SELECT id, address FROM deployments WHERE id = $1),
       parts AS (
         SELECT t.currency_id, sum(${WALLET_AMOUNT}) AS amount
           FROM transaction_amounts t WHERE t.deployment_id = $1 AND ${SETTLED} GROUP BY t.currency_id
         UNION ALL
         SELECT t.currency_id, -sum(t.amount)
           FROM transactions t JOIN d ON d.id = t.deployment_id
          WHERE ${MINED_CLAIM} AND t.to_address <> d.address GROUP BY t.currency_id
         UNION ALL
         SELECT t.currency_id, -sum(CASE
                  WHEN ${MINED_CLAIM} THEN CASE WHEN t.to_address = d.address THEN t.amount ELSE 0 END
                  WHEN ${SETTLED} AND t.operation_type <> 'invoice' THEN ${WALLET_AMOUNT}
                  ELSE 0 END)
           FROM transactions t JOIN d ON d.id = t.deployment_id
          WHERE t.deployment_id = $1 AND t.block_number > $2::bigint GROUP BY t.currency_id)
       SELECT currency_id, sum(amount)::text AS balance FROM parts WHERE currency_id IS NOT NULL GROUP BY currency_id`,
      [deploymentId, blockNumber.toString()],
    );
    return new Map(rows.map((row) => [row.currency_id, BigInt(row.balance)]));
  }

  async walletOf(accountId: string, chainId: string): Promise<LedgerWallet | undefined> {
    const rows: WalletRow[] = await this.dataSource.query(
      `SELECT id, account_id, address, address_hex FROM deployments WHERE account_id = $1 AND chain_id = $2 ORDER BY id LIMIT 1`,
      [accountId, chainId],
    );
    return rows.map(walletOf)[0];
  }

  async deployedWallets(chainId: string): Promise<LedgerWallet[]> {
    const rows: WalletRow[] = await this.dataSource.query(
      `SELECT id, account_id, address, address_hex FROM deployments WHERE chain_id = $1 AND deployment_status = 'deployed' ORDER BY id`,
      [chainId],
    );
    return rows.map(walletOf);
  }
}

interface WalletRow {
  id: string;
  account_id: string;
  address: string;
  address_hex: string;
}

function walletOf(row: WalletRow): LedgerWallet {
  return { deploymentId: row.id, accountId: row.account_id, address: row.address, hex20: row.address_hex };
}
