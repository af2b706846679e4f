/** One currency of an account on one chain, in base units. */
export interface LedgerBalanceRow {
  readonly currencyId: string;
  /** Settled IN held by the wallet − settled OUT. */
  readonly balance: bigint;
  /** Settled invoice deposits not yet claimed into the wallet. */
  readonly uncollected: bigint;
}

/** An account's wallet on one chain: its deployment there. */
export interface LedgerWallet {
  readonly deploymentId: string;
  readonly accountId: string;
  /** As stored: EIP-55 on EVM chains. */
  readonly address: string;
  /** The 20-byte hex form, lower case. */
  readonly hex20: string;
}

/**
 * Port: an account's balances on one chain per currency, from the settled transactions of its
 * deployment there (empty while it has none).
 */
export abstract class BalanceLedger {
  abstract ledger(accountId: string, chainId: string): Promise<LedgerBalanceRow[]>;
  /** How many invoices have settled deposits not yet claimed in any of `currencyIds`. */
  abstract uncollectedInvoices(accountId: string, chainId: string, currencyIds: readonly string[]): Promise<number>;
  /**
   * The wallet's balance per currency as the ledger stood once `blockNumber` was final: `ledger`'s
   * balance less what CONFIRMED rows above that block moved into or out of the wallet, in one
   * snapshot. A claim's sweep into the wallet counts at the claim's block.
   */
  abstract walletLedgerAt(deploymentId: string, blockNumber: bigint): Promise<Map<string, bigint>>;
  /** The account's deployment on the chain; undefined when it has none. */
  abstract walletOf(accountId: string, chainId: string): Promise<LedgerWallet | undefined>;
  /** Every deployed deployment on the chain: what the periodic reconciliation checks. */
  abstract deployedWallets(chainId: string): Promise<LedgerWallet[]>;
}
