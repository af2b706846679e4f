import type { Logger } from 'pino';
import type { BaseCurrency } from '../../../config/app-config';
import type { Currency } from '../../catalog/catalog';
import { RatesProvider } from '../domain/rates-provider';

export type Fetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface CryptoCompareOptions {
  readonly apiUrl: string;
  readonly apiKey: string | null;
  readonly cacheSeconds: number;
  readonly fetch: Fetch;
  readonly logger: Pick<Logger, 'warn'>;
  readonly now?: () => number;
  readonly timeoutMs?: number;
}

interface CacheEntry {
  readonly expiresAt: number;
  /** Symbol → rate; a symbol the API did not price maps to null, so it is not asked again at once. */
  readonly rates: ReadonlyMap<string, string | null>;
}

/**
 * Market rates from CryptoCompare's public `pricemulti` endpoint (by symbol; an API key is
 * optional), cached per base currency for `cacheSeconds`. Only verified, non-scam currencies are
 * priced: a scam token named USDT must not be worth a dollar. A failing API gives no rates (the
 * balance shows null), never an error.
 */
export class CryptoCompareRatesProvider extends RatesProvider {
  private readonly cache = new Map<BaseCurrency, CacheEntry>();

  constructor(private readonly options: CryptoCompareOptions) {
    super();
  }

  async ratesFor(currencies: readonly Currency[], base: BaseCurrency): Promise<ReadonlyMap<string, string>> {
    const priced = currencies.filter((currency) => currency.isVerified && !currency.isScam);
    const symbols = [...new Set(priced.map((currency) => currency.symbol.toUpperCase()))].sort();
    const now = (this.options.now ?? Date.now)();
    let entry = this.cache.get(base);
    if (entry === undefined || entry.expiresAt <= now || symbols.some((symbol) => !entry?.rates.has(symbol))) {
      const fetched = await this.fetchRates(symbols, base);
      if (fetched !== undefined) {
        entry = { expiresAt: now + this.options.cacheSeconds * 1000, rates: fetched };
        this.cache.set(base, entry);
      }
    }
    const found = new Map<string, string>();
    for (const currency of priced) {
      const rate = entry?.rates.get(currency.symbol.toUpperCase());
      if (rate !== undefined && rate !== null) found.set(currency.id, rate);
    }
    return found;
  }

  private async fetchRates(
    symbols: readonly string[],
    base: BaseCurrency,
  ): Promise<Map<string, string | null> | undefined> {
    if (symbols.length === 0) return new Map();
    const url = `${this.options.apiUrl.replace(/\/+$/, '')}/data/pricemulti?fsyms=${symbols.map(encodeURIComponent).join(',')}&tsyms=${base.toUpperCase()}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey !== null) headers.authorization = `Apikey ${this.options.apiKey}`;
    try {
      const response = await this.options.fetch(url, {
        headers,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = await response.json();
      const rates = new Map<string, string | null>(symbols.map((symbol) => [symbol, null]));
      if (typeof body === 'object' && body !== null) {
        for (const symbol of symbols) {
          const value = (body as Record<string, Record<string, unknown> | undefined>)[symbol]?.[base.toUpperCase()];
          if (typeof value === 'number' && Number.isFinite(value) && value >= 0) rates.set(symbol, plainDecimal(value));
        }
      }
      return rates;
    } catch (error) {
      // The API key is a header, never part of the URL or this message.
      this.options.logger.warn({ provider: 'cryptocompare', error: (error as Error).message }, 'rates unavailable');
      return undefined;
    }
  }
}

/** A JSON number as a plain decimal string (`1e-7` → `"0.0000001"`). */
export function plainDecimal(value: number): string {
  const text = value.toString();
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, whole, fraction = '', exponentText] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`.replace(/\.?0+$/, '');
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
