import { DomainError } from '../../../shared/domain/domain-error';

/** The wallet and the catalog tokens whose balances to read, as 20-byte hex addresses. */
export interface WalletBalancesQuery {
  readonly chainId: string;
  readonly holder: `0x${string}`;
  readonly tokens: readonly { readonly currencyId: string; readonly address: `0x${string}` }[];
}

/** Balances in base units, all read at one block. */
export interface WalletBalancesAtBlock {
  readonly blockNumber: bigint;
  readonly native: bigint;
  /** By currency id; a token that has no code or answers no balance at that block reads 0. */
  readonly tokens: ReadonlyMap<string, bigint>;
}

/**
 * Reads a wallet's own balances on chain through the node the service has for the chain (its
 * `RPC_URL_<chainId>`), at the newest block the service counts as final: the head less the
 * network's required confirmations. Implemented in infrastructure/ (`RpcWalletBalanceReader`).
 */
export abstract class WalletBalanceReader {
  /** True when the service has a node for the chain that can answer reads at a fixed block. */
  abstract canRead(chainId: string): boolean;
  /**
   * Throws the `unavailable` DomainError `CHAIN_UNAVAILABLE` when the chain cannot be read (no node
   * for it, or the node does not answer).
   */
  abstract readAtFinalBlock(query: WalletBalancesQuery): Promise<WalletBalancesAtBlock>;
}

/** Seconds a client should wait before asking again when a chain cannot be read. */
const CHAIN_RETRY_AFTER_SECONDS = 30;

/** The 503 `CHAIN_UNAVAILABLE` of a chain the service cannot read now (no node for it, or no answer). */
export function chainUnavailable(message: string): DomainError {
  return new DomainError('unavailable', 'CHAIN_UNAVAILABLE', message, [], CHAIN_RETRY_AFTER_SECONDS);
}
