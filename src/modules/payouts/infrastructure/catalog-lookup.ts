import { Injectable } from '@nestjs/common';
import { CURRENCIES, CurrencySeed } from '../../catalog/seed/currencies';

export type CatalogCurrency = CurrencySeed;

const byLowerId = new Map(CURRENCIES.map((currency) => [currency.id.toLowerCase(), currency]));

/**
 * The payouts context's only door to the catalog. Until the catalog branch (tables and a
 * `CatalogService`) is merged it reads the seed constants; swapping it for `CatalogService` is a
 * change to this file only.
 */
@Injectable()
export class CatalogLookup {
  /**
   * A currency by id in any case (EVM addresses inside ids are stored lowercase). Tron base58 is
   * case-sensitive, but two different base58 token addresses never differ only in case in the catalog.
   */
  currency(id: string): CatalogCurrency | undefined {
    return byLowerId.get(id.toLowerCase());
  }
}
