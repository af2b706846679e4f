/** One currency of an account on one chain, in base units. */
export interface LedgerBalanceRow {
  readonly currencyId: string;
  /** Settled IN held by the wallet − settled OUT. */
  readonly balance: bigint;
  /** Settled invoice deposits not yet claimed into the wallet. */
  readonly uncollected: bigint;
}

/**
 * Port: an account's balances on one chain per currency, from the settled transactions of its
 * deployment there (empty while it has none).
 */
export abstract class BalanceLedger {
  abstract ledger(accountId: string, chainId: string): Promise<LedgerBalanceRow[]>;
  /** How many invoices have settled deposits not yet claimed in any of `currencyIds`. */
  abstract uncollectedInvoices(accountId: string, chainId: string, currencyIds: readonly string[]): Promise<number>;
}
