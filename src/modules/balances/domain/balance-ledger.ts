/** One currency of one deployment, in base units. */
export interface LedgerBalanceRow {
  readonly currencyId: string;
  /** Settled IN held by the wallet − settled OUT. */
  readonly balance: bigint;
  /** Settled invoice deposits not yet claimed into the wallet. */
  readonly uncollected: bigint;
}

/** Port: a deployment's balances per currency, from the settled transactions. */
export abstract class BalanceLedger {
  abstract ledger(deploymentId: string): Promise<LedgerBalanceRow[]>;
  /** How many invoices have settled deposits not yet claimed in any of `currencyIds`. */
  abstract uncollectedInvoices(deploymentId: string, currencyIds: readonly string[]): Promise<number>;
}
