import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { insertRows, USDC, USDT } from '../support/list-rows';
import { createTestApp, TestApp } from '../support/test-app';

type Item = Record<string, unknown> & { id: string };

/** Each list's substring filters: the query parameter and the item field it searches. */
const FILTERS: { path: string; param: string; field: string; also?: Record<string, string> }[] = [
  { path: 'transactions', param: 'id', field: 'id' },
  { path: 'transactions', param: 'txHash', field: 'txHash' },
  { path: 'transactions', param: 'txHash', field: 'txHash', also: { statuses: 'CONFIRMED,PENDING' } },
  { path: 'invoices', param: 'id', field: 'id' },
  { path: 'invoices', param: 'trackingId', field: 'trackingId' },
  { path: 'payouts', param: 'id', field: 'id' },
  { path: 'payouts', param: 'trackingId', field: 'trackingId' },
  { path: 'payouts', param: 'createdBy', field: 'createdBy' },
  { path: 'payouts', param: 'toAddress', field: 'toAddress' },
  { path: 'operations', param: 'createdBy', field: 'createdBy' },
];

/** Flips the case of every letter: the filters must not care. */
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/**
 * Substring filters are written three ways (a gram index for one or two characters, a few trigram
 * probes for long texts, the plain test otherwise), and each must answer exactly what the plain
 * contract says: the items of the unfiltered list whose field contains the text, case-insensitively,
 * in the list's order, with the true total, on the first page and on deeper ones.
 */
describe('substring filters', () => {
  let t: TestApp;
  let d: TestDeployment;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    d = await createDeployment(t, { chainId: '1' });
    key = d.members[0].apiKey;
    await insertRows(t.dataSource, d.id, 240);
    // Mixed-case values: half the hashes, tracking ids and addresses upper-cased in part.
    await t.dataSource.query(
      `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                 operation_type, is_claimed, created_at, updated_at)
       SELECT gen_random_uuid(), $1, '1', 'substring:' || i, 'IN',
              (ARRAY['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'])[1 + floor(random() * 4)::int],
              CASE WHEN i % 2 = 0 THEN '0x' || upper(md5(i::text)) || md5(i::text || 'h') ELSE '0x' || md5(i::text) || md5(i::text || 'h') END,
              (ARRAY[$2, $3, '1'])[1 + floor(random() * 3)::int], 1, 'direct_deposit', false, ts, ts
         FROM generate_series(1, 400) AS i,
              LATERAL (SELECT '2026-03-01T00:00:00Z'::timestamptz + floor(random() * 200) * interval '1 hour' AS ts WHERE i > 0) g`,
      [d.id, USDT, USDC],
    );
    await t.dataSource.query(
      `UPDATE invoices SET tracking_id = 'Order-' || upper(substr(md5(id::text), 1, 6)) || '-x' || substr(md5(id::text), 7, 4)
        WHERE deployment_id = $1 AND random() < 0.5`,
      [d.id],
    );
    await t.dataSource.query(
      `UPDATE payouts SET tracking_id = CASE WHEN random() < 0.5 THEN 'Pay-' || upper(substr(md5(id::text), 1, 8)) END,
                          to_address = '0x' || upper(substr(to_address, 3, 20)) || substr(to_address, 23)
        WHERE deployment_id = $1`,
      [d.id],
    );
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  async function page(path: string, query: Record<string, string | number>): Promise<{ total: number; items: Item[] }> {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/${path}`)
      .set('x-api-key', key)
      .query(query)
      .expect(200);
    return res.body as { total: number; items: Item[] };
  }

  /** The whole list, unfiltered but for `also`, in its own order. */
  async function everything(path: string, also: Record<string, string> = {}): Promise<Item[]> {
    const items: Item[] = [];
    for (let number = 1; ; number += 1) {
      const body = await page(path, { ...also, page: number, pageSize: 100 });
      items.push(...body.items);
      if (items.length >= body.total) return items;
    }
  }

  it.each(FILTERS)(
    'answers $path $param (and $also) exactly as the plain filter',
    async ({ path, param, field, also }) => {
      const all = await everything(path, also);
      const values = all.map((item) => item[field]).filter((value): value is string => typeof value === 'string');
      expect(values.length).toBeGreaterThan(20);
      const sample = values[7];
      const texts = [
        // One and two characters (the gram index), mixed case, some matching no row.
        'a',
        'B',
        '0',
        '-',
        'aB',
        'Fe',
        '0X',
        'zq',
        '7-',
        swapCase(sample.slice(3, 5)),
        // Three to five (the trigram index, plain), and longer (a few trigrams probed).
        swapCase(sample.slice(2, 5)),
        swapCase(sample.slice(4, 9)),
        swapCase(sample.slice(5, 17)),
        swapCase(sample),
        'fedcba9876543210',
        `${sample.slice(0, 6)}-no-such`,
      ];
      let matched = 0;
      for (const text of texts) {
        const expected = all.filter((item) => {
          const value = item[field];
          return typeof value === 'string' && value.toLowerCase().includes(text.toLowerCase());
        });
        matched += expected.length;
        for (const [number, pageSize] of [
          [1, 10],
          [3, 7],
        ]) {
          const body = await page(path, { ...also, [param]: text, page: number, pageSize });
          const from = (number - 1) * pageSize;
          expect({ text, number, total: body.total, ids: body.items.map((item) => item.id) }).toEqual({
            text,
            number,
            total: expected.length,
            ids: expected.slice(from, from + pageSize).map((item) => item.id),
          });
        }
      }
      // The texts matched something, so the comparison compared rows.
      expect(matched).toBeGreaterThan(50);
    },
  );
});
