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

/** Port: a deployment's balances per currency, from the settled transactions. */
export abstract class BalanceLedger {
  abstract ledger(deploymentId: string): Promise<LedgerBalanceRow[]>;
}
