import { Injectable } from '@nestjs/common';
import type { NetworkType } from '../../../shared/domain/address';
import { CONTRACT_VERSIONS } from '../../catalog/seed/contract-versions';
import { CURRENCIES, CurrencySeed } from '../../catalog/seed/currencies';
import { NETWORKS } from '../../catalog/seed/networks';

export type CatalogCurrency = CurrencySeed;

/** When the seed catalog "was created": its currencies' createdAt/updatedAt. */
export const CATALOG_SEEDED_AT = new Date('2025-01-01T00:00:00.000Z');

const byLowerId = new Map(CURRENCIES.map((currency) => [currency.id.toLowerCase(), currency]));

/**
 * The only door from billing and claims to the catalog. Until the catalog branch (tables and a
 * `CatalogService`) is merged it reads the seed constants; swapping it for `CatalogService` is a
 * change to this file only.
 */
@Injectable()
export class CatalogLookup {
  /** A currency by id in any case (EVM addresses inside ids are lowercase when stored). */
  currency(id: string): CatalogCurrency | undefined {
    return byLowerId.get(id.toLowerCase());
  }

  currenciesOfChain(chainId: string): CatalogCurrency[] {
    return CURRENCIES.filter((currency) => currency.chainId === chainId);
  }

  /** Ids of the currencies with these flags (for filters that the seed answers, not SQL). */
  currencyIdsWhere(predicate: (currency: CatalogCurrency) => boolean): string[] {
    return CURRENCIES.filter(predicate).map((currency) => currency.id);
  }

  networkType(chainId: string): NetworkType | undefined {
    return NETWORKS.find((network) => network.chainId === chainId)?.networkType;
  }

  depositAccountInitCodeHash(contractVersionId: string): `0x${string}` | undefined {
    return CONTRACT_VERSIONS.find((version) => version.id === contractVersionId)?.depositAccountInitCodeHash;
  }
}
