import { Injectable } from '@nestjs/common';
import { CURRENCIES, CurrencySeed } from '../../catalog/seed/currencies';
import { NETWORKS, NetworkSeed } from '../../catalog/seed/networks';

/**
 * The deployments context's only door to the catalog. Until the catalog branch (tables +
 * `CatalogService`) is merged it reads the seed constants; swapping it for `CatalogService` is a
 * change to this file alone. Everything here is in memory: lists filter on currency ids, never by
 * joining a currencies table.
 */
export interface CatalogCurrency {
  readonly id: string;
  readonly chainId: string;
  readonly symbol: string;
  readonly name: string;
  readonly address: string | null;
  readonly decimals: number;
  readonly isNative: boolean;
  readonly isScam: boolean;
  readonly isVerified: boolean;
  readonly cmcId: number | null;
  readonly logoUrl: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** When the seed catalog was written; the catalog tables will carry real timestamps. */
const SEED_TIME = new Date('2025-11-21T00:00:00.000Z');

@Injectable()
export class CatalogLookup {
  private readonly networks = new Map<string, NetworkSeed>(NETWORKS.map((network) => [network.chainId, network]));
  private readonly currencies = new Map<string, CatalogCurrency>(CURRENCIES.map((seed) => [seed.id, toCurrency(seed)]));

  network(chainId: string): NetworkSeed | undefined {
    return this.networks.get(chainId);
  }

  /**
   * The canonical spelling of a currency id (SPEC §1): the leading chain id, then for EVM chains
   * the contract address in lower case. Tron base58 is case-sensitive and kept as given.
   */
  normaliseCurrencyId(id: string): string {
    const match = /^([0-9]+)(?:-(.*))?$/s.exec(id.trim());
    if (match === null) return id;
    const [, chainId, address] = match;
    if (address === undefined) return chainId;
    return this.networks.get(chainId)?.networkType === 'tvm' ? `${chainId}-${address}` : `${chainId}-${address.toLowerCase()}`;
  }

  /** A currency by id in any case, or undefined. */
  currency(id: string): CatalogCurrency | undefined {
    return this.currencies.get(this.normaliseCurrencyId(id));
  }

  allCurrencies(): readonly CatalogCurrency[] {
    return [...this.currencies.values()];
  }
}

function toCurrency(seed: CurrencySeed): CatalogCurrency {
  return {
    id: seed.id,
    chainId: seed.chainId,
    symbol: seed.symbol,
    name: seed.name,
    address: seed.address,
    decimals: seed.decimals,
    isNative: seed.isNative,
    isScam: seed.isScam,
    isVerified: seed.isVerified,
    cmcId: seed.cmcId,
    logoUrl: seed.logoUrl,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  };
}
