import { createHash } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keccak256, type Hex } from 'viem';
import { CURRENCIES as SEED } from '../../src/modules/catalog/seed/currencies';
import { PublicCacheInterceptor } from '../../src/shared/http/public-cache.interceptor';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { createTestApp, TestApp } from '../support/test-app';
import { TEST_SCAM_TOKEN } from '../support/test-currencies';

/** What the test databases hold: the shipped seed and the test's own scam look-alike. */
const CURRENCIES = [...SEED, TEST_SCAM_TOKEN];

const LIST = '/api/v1/public/currencies';
const VERSIONS = '/api/v1/public/smart-contract-versions';

const USDT_ETH = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
const USDT_ETH_ADDRESS = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDT_TRON = '728126428-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_TRON_BASE58 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_TRON_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

// The sort tests give a few currencies timestamps of their own; every other currency keeps BASE.
const BASE = '2026-01-01T00:00:00.000Z';
const STAMPS: Record<string, { createdAt: string; updatedAt: string }> = {
  [USDT_ETH]: { createdAt: '2026-03-01T00:00:00.001Z', updatedAt: '2026-01-02T00:00:00.000Z' },
  '56': { createdAt: '2026-02-01T00:00:00.000Z', updatedAt: '2026-04-01T12:30:45.678Z' },
  '137': { createdAt: '2025-12-01T00:00:00.000Z', updatedAt: BASE },
};

interface CurrencyBody {
  id: string;
  symbol: string;
  name: string;
  chainId: string;
  address: string | null;
  cmcId: number | null;
  isNative: boolean;
  isScam: boolean;
  isVerified: boolean;
  createdAt: string;
  updatedAt: string;
}

const seedIds = (keep: (c: (typeof CURRENCIES)[number]) => boolean): string[] =>
  CURRENCIES.filter(keep)
    .map((c) => c.id)
    .sort();
const idsOf = (body: CurrencyBody[]): string[] => body.map((c) => c.id);
const sortedIdsOf = (body: CurrencyBody[]): string[] => idsOf(body).sort();
const byCodeUnits = (ids: string[]): string[] => [...ids].sort();

async function restamp(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('UPDATE currencies SET created_at = $1, updated_at = $1', [BASE]);
    for (const [id, stamp] of Object.entries(STAMPS)) {
      await client.query('UPDATE currencies SET created_at = $2, updated_at = $3 WHERE id = $1', [
        id,
        stamp.createdAt,
        stamp.updatedAt,
      ]);
    }
  } finally {
    await client.end();
  }
}

describe('catalog: public currencies and smart contract versions', () => {
  let db: ScratchDatabase;
  let t: TestApp;

  beforeAll(async () => {
    db = await createScratchDatabase('catalog');
    await restamp(db.url);
    t = await createTestApp({ databaseUrl: db.url });
  });

  afterAll(async () => {
    await t.close();
    await db.drop();
  });

  const list = async (query = ''): Promise<CurrencyBody[]> => {
    const res = await request(t.http)
      .get(`${LIST}${query === '' ? '' : `?${query}`}`)
      .expect(200);
    return res.body as CurrencyBody[];
  };

  describe('GET /api/v1/public/currencies', () => {
    it('returns the whole seed catalog as a bare array of CurrencyResponseDto', async () => {
      const res = await request(t.http).get(LIST).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Array.isArray(res.body)).toBe(true);
      expect(sortedIdsOf(res.body)).toEqual(seedIds(() => true));
      const usdt = (res.body as CurrencyBody[]).find((c) => c.id === USDT_ETH);
      expect(usdt).toEqual({
        id: USDT_ETH,
        symbol: 'USDT',
        name: 'Tether USD',
        chainId: '1',
        address: USDT_ETH_ADDRESS,
        decimals: 6,
        isNative: false,
        isScam: false,
        isVerified: true,
        cmcId: 825,
        logoUrl: 'https://s2.coinmarketcap.com/static/img/coins/64x64/825.png',
        createdAt: STAMPS[USDT_ETH].createdAt,
        updatedAt: STAMPS[USDT_ETH].updatedAt,
      });
    });

    it('shows natives with a null address and Tron tokens in base58', async () => {
      const body = await list();
      expect(body.find((c) => c.id === '728126428')).toMatchObject({
        address: null,
        isNative: true,
        symbol: 'TRX',
        cmcId: 1958,
      });
      expect(body.find((c) => c.id === USDT_TRON)).toMatchObject({ address: USDT_TRON_BASE58, chainId: '728126428' });
      expect(body.find((c) => c.id === '11155111')).toMatchObject({ cmcId: null });
    });

    it('ignores credentials: the same body with a bogus API key or bearer token', async () => {
      const anonymous = await request(t.http).get(LIST).expect(200);
      const withKey = await request(t.http).get(LIST).set('x-api-key', 'not-a-key').expect(200);
      const withToken = await request(t.http).get(LIST).set('Authorization', 'Bearer not.a.token').expect(200);
      expect(withKey.text).toBe(anonymous.text);
      expect(withToken.text).toBe(anonymous.text);
    });

    describe('filters', () => {
      it.each(['USDT', 'usdt', 'uSdT'])('symbol=%s matches the symbol exactly, in any case', async (symbol) => {
        const body = await list(`symbol=${symbol}`);
        expect(body.length).toBeGreaterThan(1);
        expect(sortedIdsOf(body)).toEqual(seedIds((c) => c.symbol === 'USDT'));
      });

      it('symbol is exact, not a substring', async () => {
        expect(await list('symbol=USD')).toEqual([]);
      });

      it.each(['coin', 'COIN', 'Usd C'])('name=%s matches a part of the name, in any case', async (name) => {
        const body = await list(`name=${encodeURIComponent(name)}`);
        expect(body.length).toBeGreaterThan(1);
        expect(sortedIdsOf(body)).toEqual(seedIds((c) => c.name.toLowerCase().includes(name.toLowerCase())));
        expect(body.every((c) => c.name.toLowerCase().includes(name.toLowerCase()))).toBe(true);
      });

      it('chainId matches exactly', async () => {
        const body = await list('chainId=728126428');
        expect(sortedIdsOf(body)).toEqual(seedIds((c) => c.chainId === '728126428'));
        expect(body.length).toBe(4);
        expect(await list('chainId=72812642')).toEqual([]);
        expect(await list('chainId=999')).toEqual([]);
      });

      it.each([USDT_ETH_ADDRESS, USDT_ETH_ADDRESS.toLowerCase(), `0x${USDT_ETH_ADDRESS.slice(2).toUpperCase()}`])(
        'address=%s finds the token whatever the letter case',
        async (address) => {
          expect(idsOf(await list(`address=${address}`))).toEqual([USDT_ETH]);
        },
      );

      it('address in Tron 41… hex form equals the base58 form, body and ETag alike', async () => {
        const base58 = await request(t.http).get(`${LIST}?address=${USDT_TRON_BASE58}`).expect(200);
        const hex = await request(t.http).get(`${LIST}?address=${USDT_TRON_HEX}`).expect(200);
        expect(idsOf(base58.body)).toEqual([USDT_TRON]);
        expect(hex.text).toBe(base58.text);
        expect(hex.headers.etag).toBe(base58.headers.etag);
      });

      it('address of a valid account that is no token matches nothing', async () => {
        expect(await list('address=0x0000000000000000000000000000000000000001')).toEqual([]);
      });

      it.each([
        ['isNative', 'true', (c: (typeof CURRENCIES)[number]) => c.isNative],
        ['isNative', '0', (c: (typeof CURRENCIES)[number]) => !c.isNative],
        ['isScam', 'TRUE', (c: (typeof CURRENCIES)[number]) => c.isScam],
        ['isScam', 'false', (c: (typeof CURRENCIES)[number]) => !c.isScam],
        ['isVerified', '1', (c: (typeof CURRENCIES)[number]) => c.isVerified],
        ['isVerified', 'False', (c: (typeof CURRENCIES)[number]) => !c.isVerified],
      ])('%s=%s', async (name, value, keep) => {
        const body = await list(`${name}=${value}`);
        expect(body.length).toBeGreaterThan(0);
        expect(sortedIdsOf(body)).toEqual(seedIds(keep));
      });

      it('combines filters with AND', async () => {
        const tronUsdt = await list('symbol=usdt&chainId=728126428');
        expect(sortedIdsOf(tronUsdt)).toEqual(seedIds((c) => c.symbol === 'USDT' && c.chainId === '728126428'));
        expect(tronUsdt).toHaveLength(1);

        expect(idsOf(await list('symbol=usdt&chainId=728126428&isScam=false&isVerified=true'))).toEqual([USDT_TRON]);
        const scam = await list(
          `symbol=${encodeURIComponent(TEST_SCAM_TOKEN.symbol)}&chainId=728126428&isScam=true&isVerified=false&isNative=false&name=tether`,
        );
        expect(scam).toHaveLength(1);
        expect(scam[0]).toMatchObject({ isScam: true, isVerified: false, symbol: TEST_SCAM_TOKEN.symbol });

        expect(idsOf(await list(`address=${USDT_ETH_ADDRESS}&chainId=1&symbol=USDT&isNative=false`))).toEqual([
          USDT_ETH,
        ]);
        expect(await list(`address=${USDT_ETH_ADDRESS}&chainId=56`)).toEqual([]);
        expect(await list(`address=${USDT_TRON_HEX}&chainId=2494104990`)).toEqual([]);
        expect(await list('isNative=true&symbol=USDT')).toEqual([]);
        expect(idsOf(await list('isNative=true&chainId=56&name=bnb'))).toEqual(['56']);
      });
    });

    describe('sorting', () => {
      it('defaults to createdAt desc, ties broken by id desc', async () => {
        const ids = idsOf(await list());
        expect(ids.slice(0, 2)).toEqual([USDT_ETH, '56']);
        expect(ids.at(-1)).toBe('137');
        const ties = ids.slice(2, -1);
        expect(ties).toEqual(byCodeUnits(ties).reverse());
        expect(idsOf(await list('sortBy=createdAt&sortOrder=desc'))).toEqual(ids);
      });

      it('createdAt asc is the exact reverse', async () => {
        const desc = idsOf(await list('sortBy=createdAt'));
        const asc = await list('sortBy=createdAt&sortOrder=asc');
        expect(idsOf(asc)).toEqual([...desc].reverse());
        expect(asc[0]).toMatchObject({ id: '137', createdAt: STAMPS['137'].createdAt });
        expect(asc.at(-1)).toMatchObject({ id: USDT_ETH, createdAt: STAMPS[USDT_ETH].createdAt });
        const ties = idsOf(asc).slice(1, -2);
        expect(ties).toEqual(byCodeUnits(ties));
      });

      it('updatedAt desc and asc', async () => {
        const desc = idsOf(await list('sortBy=updatedAt'));
        expect(desc.slice(0, 2)).toEqual(['56', USDT_ETH]);
        const ties = desc.slice(2);
        expect(ties).toContain('137');
        expect(ties).toEqual(byCodeUnits(ties).reverse());

        const asc = idsOf(await list('sortBy=updatedAt&sortOrder=asc'));
        expect(asc.slice(-2)).toEqual([USDT_ETH, '56']);
        expect(asc.slice(0, -2)).toEqual(byCodeUnits(asc.slice(0, -2)));
      });

      it('cmcId asc: ascending numbers, equal ids by id asc, missing cmcId last', async () => {
        const body = await list('sortBy=cmcId&sortOrder=asc');
        const nulls = seedIds((c) => c.cmcId === null);
        expect(nulls.length).toBeGreaterThan(1);
        expect(idsOf(body.slice(-nulls.length))).toEqual(nulls);
        const ranked = body.slice(0, -nulls.length);
        expect(ranked.every((c) => c.cmcId !== null)).toBe(true);
        expect(ranked[0]).toMatchObject({ cmcId: 825, id: USDT_ETH });
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1], ranked[i]];
          expect(a.cmcId as number).toBeLessThanOrEqual(b.cmcId as number);
          if (a.cmcId === b.cmcId) expect(a.id < b.id).toBe(true);
        }
      });

      it('cmcId desc: descending numbers, equal ids by id desc, missing cmcId still last', async () => {
        const body = await list('sortBy=cmcId&sortOrder=desc');
        const nulls = seedIds((c) => c.cmcId === null);
        expect(idsOf(body.slice(-nulls.length))).toEqual([...nulls].reverse());
        const ranked = body.slice(0, -nulls.length);
        expect(ranked[0]).toMatchObject({ id: '137', cmcId: 28321 });
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1], ranked[i]];
          expect(a.cmcId as number).toBeGreaterThanOrEqual(b.cmcId as number);
          if (a.cmcId === b.cmcId) expect(a.id > b.id).toBe(true);
        }
      });

      it('sorts the filtered set', async () => {
        const body = await list('symbol=usdt&sortBy=cmcId&sortOrder=asc');
        expect(idsOf(body)).toEqual([
          ...seedIds((c) => c.symbol === 'USDT' && c.cmcId !== null),
          ...seedIds((c) => c.symbol === 'USDT' && c.cmcId === null),
        ]);
      });
    });

    describe('rejects bad queries with 400 naming the parameter', () => {
      it.each([
        ['isNative=yes', 'isNative'],
        ['isScam=2', 'isScam'],
        ['isVerified=', 'isVerified'],
        ['sortBy=name', 'sortBy'],
        ['sortBy=createdat', 'sortBy'],
        ['sortOrder=up', 'sortOrder'],
        ['address=0x123', 'address'],
        ['address=hello', 'address'],
        [`address=${USDT_TRON_BASE58.slice(0, -1)}u`, 'address'], // base58 with a wrong checksum
        [`address=0x${USDT_TRON_HEX}`, 'address'],
        ['name=', 'name'],
        ['page=1', 'page'],
        ['unknown=1', 'unknown'],
        ['symbol=USDT&symbol=USDC', 'symbol'],
        ['chainId=1&chainId=56', 'chainId'],
        ['sortBy=createdAt&sortBy=cmcId', 'sortBy'],
        ['isNative=true&isNative=false', 'isNative'],
        [`address=${USDT_ETH_ADDRESS}&address=${USDT_ETH_ADDRESS}`, 'address'],
      ])('%s', async (query, field) => {
        const res = await request(t.http).get(`${LIST}?${query}`).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
        expect(res.body.message).toMatch(/^\[ERR_400\] /);
        expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
        expect(res.headers.etag).toBeUndefined();
        expect(res.headers['cache-control']).toBeUndefined();
      });
    });
    it('names every bad parameter in one 400', async () => {
      const res = await request(t.http).get(`${LIST}?address=0x123&isScam=maybe&sortBy=name&extra=1`).expect(400);
      const fields = res.body.details.map((d: { field: string }) => d.field).sort();
      expect(fields).toEqual(['address', 'extra', 'isScam', 'sortBy']);
      expect(res.body.details).toContainEqual({
        field: 'address',
        message: expect.stringMatching(/^address must be an EVM address.*or a Tron address/),
      });
    });
  });

  describe('GET /api/v1/public/currencies/{id}', () => {
    it('returns one currency', async () => {
      const res = await request(t.http).get(`${LIST}/${USDT_TRON}`).expect(200);
      const seed = CURRENCIES.find((c) => c.id === USDT_TRON);
      expect(res.body).toEqual({
        id: USDT_TRON,
        symbol: seed?.symbol,
        name: seed?.name,
        chainId: '728126428',
        address: USDT_TRON_BASE58,
        decimals: seed?.decimals,
        isNative: false,
        isScam: false,
        isVerified: true,
        cmcId: seed?.cmcId,
        logoUrl: seed?.logoUrl,
        createdAt: BASE,
        updatedAt: BASE,
      });
    });

    it('returns a native coin by its chain id', async () => {
      const res = await request(t.http).get(`${LIST}/56`).expect(200);
      expect(res.body).toMatchObject({ id: '56', symbol: 'BNB', address: null, isNative: true, decimals: 18 });
    });

    it.each([USDT_ETH, `1-${USDT_ETH_ADDRESS}`, `1-0x${USDT_ETH_ADDRESS.slice(2).toUpperCase()}`])(
      'reads the EVM address inside %s in any letter case',
      async (id) => {
        const res = await request(t.http).get(`${LIST}/${id}`).expect(200);
        expect(res.body).toMatchObject({ id: USDT_ETH, address: USDT_ETH_ADDRESS });
      },
    );

    it.each([
      '999',
      '1-0x0000000000000000000000000000000000000001',
      '56-0xdac17f958d2ee523a2206206994597c13d831ec7', // a real token, on another chain
      USDT_TRON.toLowerCase(), // base58 is case-sensitive
      'abc',
      '1-',
    ])('404 CURRENCY_NOT_FOUND for %s', async (id) => {
      const res = await request(t.http)
        .get(`${LIST}/${encodeURIComponent(id)}`)
        .expect(404);
      expect(res.body).toMatchObject({
        statusCode: 404,
        code: 'CURRENCY_NOT_FOUND',
        message: '[ERR_404] Currency not found',
      });
      expect(res.headers.etag).toBeUndefined();
    });

    it('rejects any query parameter', async () => {
      const res = await request(t.http).get(`${LIST}/1?verbose=1`).expect(400);
      expect(res.body.details).toEqual([{ field: 'verbose', message: 'verbose is not allowed' }]);
    });
  });

  describe('GET /api/v1/public/smart-contract-versions/{versionId}', () => {
    /** A committed compile output, read from its file (not through the module the catalog uses). */
    const artifact = (name: string) =>
      JSON.parse(readFileSync(join(__dirname, '../../contracts/artifacts', `${name}.json`), 'utf8')) as {
        abi: unknown[];
        bytecode: Hex;
      };

    it('returns an evm version with exactly the contract fields', async () => {
      const res = await request(t.http).get(`${VERSIONS}/1.2.0-evm`).expect(200);
      expect(res.body).toEqual({
        id: '1.2.0-evm',
        version: '1.2.0',
        networkType: 'evm',
        chainId: null,
        accountAbi: artifact('MultiSigWallet_1_2_0').abi,
        eip712Domain: { name: 'MultiSigWallet', version: '1.2.0' },
        depositAccountInitCodeHash: keccak256(artifact('DepositAccount').bytecode),
        isLatest: true,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
    });

    it('returns a Tron version with its chain id', async () => {
      const res = await request(t.http).get(`${VERSIONS}/1.0.0-tvm-2494104990`).expect(200);
      expect(res.body).toMatchObject({
        id: '1.0.0-tvm-2494104990',
        version: '1.0.0',
        networkType: 'tvm',
        chainId: '2494104990',
        isLatest: false,
        accountAbi: artifact('MultiSigWallet_1_0_0').abi,
        eip712Domain: { name: 'MultiSigWallet', version: '1.0.0' },
        depositAccountInitCodeHash: keccak256(artifact('DepositAccount').bytecode),
      });
    });

    it.each(['9.9.9-evm', '1.2.0-tvm-1', '1.3.0-tvm-728126428'])(
      '404 for the well-formed but unknown %s',
      async (id) => {
        const res = await request(t.http).get(`${VERSIONS}/${id}`).expect(404);
        expect(res.body).toMatchObject({
          code: 'SMART_CONTRACT_VERSION_NOT_FOUND',
          message: '[ERR_404] Smart contract version not found',
        });
      },
    );

    it.each(['latest', '1.2-evm', '1.2.0', '1.2.0-EVM', '1.2.0-tvm', '1.2.0-tvm-', 'v1.2.0-evm', '1.2.0-evm-1'])(
      '404 naming the expected format for the malformed %s',
      async (id) => {
        const res = await request(t.http).get(`${VERSIONS}/${id}`).expect(404);
        expect(res.body.code).toBe('SMART_CONTRACT_VERSION_NOT_FOUND');
        expect(res.body.message).toContain('^\\d+\\.\\d+\\.\\d+-(evm|tvm-\\d+)$');
      },
    );
  });

  describe('HTTP caching', () => {
    const sha256Etag = (text: string): string => `"${createHash('sha256').update(text).digest('base64url')}"`;

    it.each([LIST, `${LIST}?chainId=1`, `${LIST}/${USDT_ETH}`, `${VERSIONS}/1.1.0-evm`])(
      '%s carries a strong ETag of its body and Cache-Control: public, max-age=60',
      async (path) => {
        const res = await request(t.http).get(path).expect(200);
        expect(res.headers.etag).toBe(sha256Etag(res.text));
        expect(res.headers['cache-control']).toBe('public, max-age=60');
        const again = await request(t.http).get(path).expect(200);
        expect(again.headers.etag).toBe(res.headers.etag);
      },
    );

    it.each([LIST, `${LIST}/${USDT_ETH}`, `${VERSIONS}/1.1.0-evm`])(
      '%s answers 304 with no body to a current If-None-Match',
      async (path) => {
        const first = await request(t.http).get(path).expect(200);
        const etag = first.headers.etag as string;
        const res = await request(t.http).get(path).set('If-None-Match', etag).expect(304);
        expect(res.text).toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
      },
    );

    it('answers a URL it answered before without routing it again: same body, ETag and 304', async () => {
      const path = `${LIST}?chainId=56&sortOrder=asc`;
      const first = await request(t.http).get(path).expect(200);
      const intercepted = jest.spyOn(PublicCacheInterceptor.prototype, 'intercept');
      try {
        const again = await request(t.http).get(path).expect(200);
        expect(again.text).toBe(first.text);
        const labels = (res: request.Response) => {
          // The rate limit counts every answer, so its remaining quota and reset time move on.
          const {
            date: _date,
            'x-request-id': requestId,
            'x-ratelimit-remaining': remaining,
            'x-ratelimit-reset': reset,
            ...rest
          } = res.headers;
          expect(requestId).toEqual(expect.any(String));
          expect(Number(remaining)).toBeGreaterThanOrEqual(0);
          expect(Number(reset)).toBeGreaterThanOrEqual(1);
          return rest;
        };
        expect(labels(again)).toEqual(labels(first));
        expect(labels(again)).toMatchObject({ etag: first.headers.etag, 'cache-control': 'public, max-age=60' });
        const head = await request(t.http).head(path).expect(200);
        expect(labels(head)).toEqual(labels(first));
        expect(head.text).toBeUndefined();
        const notModified = await request(t.http)
          .get(path)
          .set('If-None-Match', first.headers.etag as string)
          .expect(304);
        expect(notModified.text).toBe('');
        expect(labels(notModified)).toEqual({
          etag: first.headers.etag,
          'cache-control': 'public, max-age=60',
          connection: first.headers.connection,
          'keep-alive': first.headers['keep-alive'],
          'x-ratelimit-limit': first.headers['x-ratelimit-limit'],
        });
        expect(intercepted).not.toHaveBeenCalled();
        // A URL not answered before still goes to its route.
        await request(t.http).get(`${path}&isNative=false`).expect(200);
        expect(intercepted).toHaveBeenCalledTimes(1);
      } finally {
        intercepted.mockRestore();
      }
    });

    it('compares If-None-Match weakly and reads lists and *', async () => {
      const etag = (await request(t.http).get(LIST).expect(200)).headers.etag as string;
      await request(t.http).get(LIST).set('If-None-Match', `W/${etag}`).expect(304);
      await request(t.http).get(LIST).set('If-None-Match', `"stale", ${etag}`).expect(304);
      await request(t.http).get(LIST).set('If-None-Match', '*').expect(304);
      const stale = await request(t.http).get(LIST).set('If-None-Match', '"stale"').expect(200);
      expect(stale.body.length).toBe(CURRENCIES.length);
    });

    it('gives a different body a different ETag, and a stale one gets the full body', async () => {
      const all = await request(t.http).get(LIST).expect(200);
      const filtered = await request(t.http).get(`${LIST}?chainId=1`).expect(200);
      const reordered = await request(t.http).get(`${LIST}?sortOrder=asc`).expect(200);
      const etags = new Set([all.headers.etag, filtered.headers.etag, reordered.headers.etag]);
      expect(etags.size).toBe(3);
      const res = await request(t.http)
        .get(`${LIST}?chainId=1`)
        .set('If-None-Match', all.headers.etag as string)
        .expect(200);
      expect(res.text).toBe(filtered.text);
    });

    it.each([`${LIST}?isNative=maybe`, `${LIST}?unknown=1`, `${LIST}/1-0x0000000000000000000000000000000000000bad`])(
      '%s stays an error when asked again (only 200s are remembered by URL)',
      async (path) => {
        const first = await request(t.http).get(path);
        expect([400, 404]).toContain(first.status);
        const again = await request(t.http).get(path).expect(first.status);
        expect(again.body.code).toBe(first.body.code);
        expect(again.headers.etag).toBeUndefined();
      },
    );

    it('does not mark errors cacheable', async () => {
      const res = await request(t.http).get(`${VERSIONS}/9.9.9-evm`).expect(404);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBeUndefined();
    });
  });
});

describe('catalog: a changed catalog is served with a new ETag after restart', () => {
  let db: ScratchDatabase;

  beforeAll(async () => {
    db = await createScratchDatabase('catalog_change');
  });
  afterAll(() => db.drop());

  it('serves the stored rows as of start, and their change changes the ETag', async () => {
    const before = await createTestApp({ databaseUrl: db.url });
    const old = await request(before.http).get(`${LIST}/${USDT_ETH}`).expect(200);
    await before.close();

    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(
      `UPDATE currencies SET logo_url = 'https://example.test/usdt.png', updated_at = now() WHERE id = $1`,
      [USDT_ETH],
    );
    await client.end();

    const after = await createTestApp({ databaseUrl: db.url });
    try {
      const res = await request(after.http)
        .get(`${LIST}/${USDT_ETH}`)
        .set('If-None-Match', old.headers.etag as string)
        .expect(200);
      expect(res.body.logoUrl).toBe('https://example.test/usdt.png');
      expect(res.headers.etag).not.toBe(old.headers.etag);
    } finally {
      await after.close();
    }
  });
});
