import { Injectable } from '@nestjs/common';
import { BASE_CURRENCIES } from '../../../config/app-config';
import type { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import type { FiatRates } from '../../deployments/domain/transaction.repository';
import { RatesProvider } from '../domain/rates-provider';

/**
 * The rates provider's answers for other contexts: the rates of the moment stored with a transaction
 * when it confirms, and the payment page's dollar figure. Whatever the provider prices (an operator's
 * `RATES_STATIC` for ETH, or the market's), every figure in fiat uses the same rate.
 */
@Injectable()
export class FiatRatesService {
  constructor(
    private readonly rates: RatesProvider,
    private readonly catalog: CatalogService,
  ) {}

  /** Every base currency's rate per catalog currency; a currency with no rate in any is left out. */
  async ratesOfTheMoment(currencyIds: readonly string[]): Promise<Map<string, FiatRates>> {
    const currencies = currencyIds.flatMap((id) => this.catalog.findCurrency(id) ?? []);
    const [usd, eur, cny] = await Promise.all(BASE_CURRENCIES.map((base) => this.rates.ratesFor(currencies, base)));
    const found = new Map<string, FiatRates>();
    for (const { id } of currencies) {
      const rates = { usd: usd.get(id) ?? null, eur: eur.get(id) ?? null, cny: cny.get(id) ?? null };
      if (rates.usd !== null || rates.eur !== null || rates.cny !== null) found.set(id, rates);
    }
    return found;
  }

  /** US dollars per whole unit of `currency`, or null without a rate. */
  async usdRate(currency: Currency): Promise<string | null> {
    return (await this.rates.ratesFor([currency], 'usd')).get(currency.id) ?? null;
  }
}
