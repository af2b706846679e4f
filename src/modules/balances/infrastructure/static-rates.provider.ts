import type { BaseCurrency, StaticRates } from '../../../config/app-config';
import type { Currency } from '../../catalog/catalog';
import { RatesProvider } from '../domain/rates-provider';

/**
 * Rates an operator sets by hand (`RATES_STATIC` / `RATES_STATIC_FILE`), by currency id or by
 * symbol, with the catalog's `usdRate` (USD-pegged stablecoins) as the USD fallback. The default
 * provider, and the one tests use: it never leaves the process.
 */
export class StaticRatesProvider extends RatesProvider {
  constructor(private readonly rates: StaticRates) {
    super();
  }

  ratesFor(currencies: readonly Currency[], base: BaseCurrency): Promise<ReadonlyMap<string, string>> {
    const found = new Map<string, string>();
    for (const currency of currencies) {
      const rate =
        this.rate(currency.id, base) ??
        (currency.isScam ? undefined : this.rate(currency.symbol.toUpperCase(), base)) ??
        (base === 'usd' ? (currency.usdRate ?? undefined) : undefined);
      if (rate !== undefined) found.set(currency.id, rate);
    }
    return Promise.resolve(found);
  }

  private rate(key: string, base: BaseCurrency): string | undefined {
    return Object.hasOwn(this.rates, key) ? this.rates[key][base] : undefined;
  }
}
