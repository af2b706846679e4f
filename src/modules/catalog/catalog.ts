import type { Hex } from 'viem';
import type { Address, NetworkType } from '../../shared/domain/address';

/** What other contexts read from the catalog. Plain values: no ORM types leave this module. */

export interface Network {
  readonly chainId: string;
  readonly name: string;
  readonly networkType: NetworkType;
  /** A transaction is CONFIRMED once it has this many confirmations (docs/contract.md, Transactions). */
  readonly requiredConfirmations: number;
  readonly isTestnet: boolean;
  readonly isActive: boolean;
  /** Explorer URL templates: `{txHash}`, `{address}`, `{tokenAddress}` placeholders. */
  readonly transactionExplorerUrl: string | null;
  readonly addressExplorerUrl: string | null;
  readonly tokenExplorerUrl: string | null;
}

export interface Currency {
  /** `{chainId}` for the native coin, `{chainId}-{address}` for a token (docs/api-conventions.md). */
  readonly id: string;
  readonly chainId: string;
  readonly symbol: string;
  readonly name: string;
  /** The token contract; null for the native coin. */
  readonly address: Address | null;
  readonly decimals: number;
  readonly isNative: boolean;
  readonly isScam: boolean;
  readonly isVerified: boolean;
  readonly cmcId: number | null;
  readonly logoUrl: string | null;
  /** USD per whole unit as a decimal string; null when no rate is known. */
  readonly usdRate: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface SmartContractVersion {
  /** `1.2.0-evm`, `1.2.0-tvm-728126428` (docs/contract.md, Catalog). */
  readonly id: string;
  readonly version: string;
  readonly networkType: NetworkType;
  /** Null for evm versions, which serve every EVM chain. */
  readonly chainId: string | null;
  readonly accountAbi: readonly unknown[];
  readonly eip712Domain: { readonly name: string; readonly version: string };
  /** keccak256 of the deposit account's creation code: with CREATE2 it fixes invoice addresses. */
  readonly depositAccountInitCodeHash: Hex;
  readonly isLatest: boolean;
  readonly createdAt: Date;
}

export const SMART_CONTRACT_VERSION_ID = /^\d+\.\d+\.\d+-(evm|tvm-\d+)$/;

export const CURRENCY_SORT_KEYS = ['createdAt', 'updatedAt', 'cmcId'] as const;
export type CurrencySortKey = (typeof CURRENCY_SORT_KEYS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Endpoint 20's filters; an absent field does not filter. */
export interface CurrencyFilter {
  /** Exact, any letter case. */
  readonly symbol?: string;
  /** Substring, any letter case. */
  readonly name?: string;
  readonly chainId?: string;
  /** Matches the token whose contract is this address, on a network of the same type. */
  readonly address?: Address;
  readonly isNative?: boolean;
  readonly isScam?: boolean;
  readonly isVerified?: boolean;
}

export interface CurrencySort {
  readonly by: CurrencySortKey;
  readonly order: SortOrder;
}

/** A predicate for `filter`, with the case folding done once rather than per currency. */
export function currencyMatcher(filter: CurrencyFilter): (currency: Currency) => boolean {
  const symbol = filter.symbol?.toLowerCase();
  const name = filter.name?.toLowerCase();
  const { address } = filter;
  return (c) =>
    (symbol === undefined || c.symbol.toLowerCase() === symbol) &&
    (name === undefined || c.name.toLowerCase().includes(name)) &&
    (filter.chainId === undefined || c.chainId === filter.chainId) &&
    (address === undefined || (c.address !== null && c.address.equals(address))) &&
    (filter.isNative === undefined || c.isNative === filter.isNative) &&
    (filter.isScam === undefined || c.isScam === filter.isScam) &&
    (filter.isVerified === undefined || c.isVerified === filter.isVerified);
}

/** Ids compare by UTF-16 code units, the same in every locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders by the sort key, then by id in the same direction, so equal keys still come in one
 * stable order (docs/api-conventions.md). A missing cmcId sorts last in both directions: clients sorting by
 * market id want the coins that have one first.
 */
export function currencyComparator(sort: CurrencySort): (a: Currency, b: Currency) => number {
  const direction = sort.order === 'asc' ? 1 : -1;
  const byId = (a: Currency, b: Currency): number => direction * compareIds(a.id, b.id);
  if (sort.by === 'cmcId') {
    return (a, b) => {
      if (a.cmcId === b.cmcId) return byId(a, b);
      if (a.cmcId === null) return 1;
      if (b.cmcId === null) return -1;
      return direction * (a.cmcId - b.cmcId);
    };
  }
  const key = sort.by;
  return (a, b) => direction * (a[key].getTime() - b[key].getTime()) || byId(a, b);
}
