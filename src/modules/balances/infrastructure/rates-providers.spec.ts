import type { Currency } from '../../catalog/catalog';
import { CryptoCompareRatesProvider, type Fetch, plainDecimal } from './cryptocompare-rates.provider';
import { StaticRatesProvider } from './static-rates.provider';

function currency(overrides: Partial<Currency>): Currency {
  return {
    id: '1',
    chainId: '1',
    symbol: 'ETH',
    name: 'Ether',
    address: null,
    decimals: 18,
    isNative: true,
    isScam: false,
    isVerified: true,
    cmcId: null,
    logoUrl: null,
    usdRate: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  } as Currency;
}

const ETH = currency({});
const USDT = currency({ id: '1-0xdac17f958d2ee523a2206206994597c13d831ec7', symbol: 'USDT', usdRate: '1' });
const SCAM = currency({ id: '728126428-TYJY', chainId: '728126428', symbol: 'USDT', isScam: true, isVerified: false });

describe('StaticRatesProvider', () => {
  it('prices by currency id, then by symbol, then the catalog usdRate for usd', async () => {
    const provider = new StaticRatesProvider({ '1': { usd: '3000.5' }, USDT: { eur: '0.92' } });
    expect(await provider.ratesFor([ETH, USDT, SCAM], 'usd')).toEqual(
      new Map([
        ['1', '3000.5'],
        [USDT.id, '1'],
      ]),
    );
    expect(await provider.ratesFor([ETH, USDT, SCAM], 'eur')).toEqual(new Map([[USDT.id, '0.92']]));
    expect(await provider.ratesFor([ETH], 'cny')).toEqual(new Map());
  });
});

describe('CryptoCompareRatesProvider (never the real API: fetch is injected)', () => {
  function setup(responses: Array<{ ok: boolean; status: number; body: unknown } | Error>) {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    let clock = 1_000_000;
    const fetch: Fetch = (url, init) => {
      calls.push({ url, headers: init.headers });
      const next = responses.shift();
      if (next === undefined) throw new Error('unexpected fetch');
      if (next instanceof Error) return Promise.reject(next);
      return Promise.resolve({ ok: next.ok, status: next.status, json: () => Promise.resolve(next.body) });
    };
    const warnings: unknown[] = [];
    const provider = new CryptoCompareRatesProvider({
      apiUrl: 'https://prices.example.test/',
      apiKey: 'secret-key',
      cacheSeconds: 60,
      fetch,
      logger: { warn: (obj: unknown) => warnings.push(obj) } as never,
      now: () => clock,
    });
    return { provider, calls, warnings, advance: (ms: number) => (clock += ms) };
  }

  it('asks pricemulti for the verified, non-scam symbols and caches per base currency', async () => {
    const { provider, calls, advance } = setup([
      { ok: true, status: 200, body: { ETH: { USD: 3000.12 }, USDT: { USD: 1.0003 } } },
      { ok: true, status: 200, body: { ETH: { USD: 3100 }, USDT: { USD: 1 } } },
    ]);
    const first = await provider.ratesFor([ETH, USDT, SCAM], 'usd');
    expect(first).toEqual(
      new Map([
        ['1', '3000.12'],
        [USDT.id, '1.0003'],
      ]),
    );
    expect(calls).toEqual([
      {
        url: 'https://prices.example.test/data/pricemulti?fsyms=ETH,USDT&tsyms=USD',
        headers: { accept: 'application/json', authorization: 'Apikey secret-key' },
      },
    ]);
    expect(await provider.ratesFor([ETH], 'usd')).toEqual(new Map([['1', '3000.12']]));
    expect(calls).toHaveLength(1);
    advance(61_000);
    expect((await provider.ratesFor([ETH], 'usd')).get('1')).toBe('3100');
    expect(calls).toHaveLength(2);
  });

  it('gives no rates (and logs no key) when the API fails or does not price a symbol', async () => {
    const { provider, warnings } = setup([
      new Error('connect ECONNREFUSED'),
      { ok: false, status: 429, body: {} },
      { ok: true, status: 200, body: { ETH: { EUR: 2800 } } },
    ]);
    expect(await provider.ratesFor([ETH, USDT], 'eur')).toEqual(new Map());
    expect(await provider.ratesFor([ETH, USDT], 'eur')).toEqual(new Map());
    expect(await provider.ratesFor([ETH, USDT], 'eur')).toEqual(new Map([['1', '2800']]));
    expect(warnings).toHaveLength(2);
    expect(JSON.stringify(warnings)).not.toContain('secret-key');
  });
});

describe('plainDecimal', () => {
  it.each([
    [3000.12, '3000.12'],
    [1e-7, '0.0000001'],
    [1.5e-8, '0.000000015'],
    [2e21, '2000000000000000000000'],
    [0, '0'],
  ])('%p → %s', (value, expected) => {
    expect(plainDecimal(value)).toBe(expected);
  });
});
