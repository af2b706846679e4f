import type { BaseCurrency } from '../../../config/app-config';
import type { Currency } from '../../catalog/catalog';

/**
 * Port: how many units of a fiat base currency one whole unit of each currency is worth. A
 * currency the provider has no rate for is simply absent from the answer (the balance shows
 * `convertedBalance: null` and `allRatesReceived: false`); providers never throw for that.
 */
export abstract class RatesProvider {
  /** Currency id → rate as a plain decimal string. */
  abstract ratesFor(currencies: readonly Currency[], base: BaseCurrency): Promise<ReadonlyMap<string, string>>;
}
