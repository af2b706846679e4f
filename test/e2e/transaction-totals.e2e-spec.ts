import request from 'supertest';
import { DataSource } from 'typeorm';
import type { TransactionListCriteria } from '../../src/modules/deployments/domain/transaction-read-model';
import { TypeOrmTransactionReadRepository } from '../../src/modules/deployments/infrastructure/typeorm-transaction-read.repository';
import { createDeployment, TestDeployment } from '../support/builders';
import { amountBuckets } from '../support/transaction-rollups';
import { checkWhileWriting } from '../support/concurrent-writes';
import { createTestApp, TestApp } from '../support/test-app';

const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
const USDC = '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const list = (id: string) => `/api/v1/deployments/${id}/transactions`;

/**
 * `count` rows in `deploymentId` with random status, currency, type and claimed flag, created at
 * random instants between `from` and `to` (one statement, as a bulk backfill would write them).
 */
async function insertRows(
  db: Pick<DataSource, 'query'>,
  deploymentId: string,
  count: number,
  from: string,
  to: string,
): Promise<void> {
  await db.query(
    `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                               operation_type, is_claimed, created_at, updated_at)
     SELECT gen_random_uuid(), $1, '1', 'totals:' || gen_random_uuid(), (ARRAY['IN', 'OUT'])[1 + floor(random() * 2)::int],
            (ARRAY['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'])[1 + floor(random() * 4)::int],
            '0x' || md5(random()::text) || md5(random()::text),
            (ARRAY[$4, $5, '1', NULL])[1 + floor(random() * 4)::int],
            1 + floor(random() * 1e6), (ARRAY['invoice', 'direct_deposit', 'payout'])[1 + floor(random() * 3)::int],
            random() < 0.5, ts, ts
       FROM (SELECT $2::timestamptz + random() * ($3::timestamptz - $2::timestamptz) AS ts
               FROM generate_series(1, $6::int)) g`,
    [deploymentId, from, to, USDT, USDC, count],
  );
}

/** The same filters as the list's, answered by counting rows. */
async function countStar(db: Pick<DataSource, 'query'>, criteria: TransactionListCriteria): Promise<number> {
  const [{ n }] = (await db.query(
    `SELECT count(*)::int AS n FROM transactions WHERE deployment_id = $1
        AND ($2::text[] IS NULL OR status = ANY($2))
        AND ($3::text[] IS NULL OR currency_id = ANY($3))
        AND ($4::text[] IS NULL OR operation_type = ANY($4))
        AND ($5::boolean IS NULL OR is_claimed = $5)
        AND ($6::timestamptz IS NULL OR created_at >= $6)
        AND ($7::timestamptz IS NULL OR created_at <= $7)`,
    [
      criteria.deploymentId,
      criteria.statuses ?? null,
      criteria.currencyIds ?? null,
      criteria.operationTypes ?? null,
      criteria.isClaimed ?? null,
      criteria.createdFrom ?? null,
      criteria.createdTo ?? null,
    ],
  )) as { n: number }[];
  return n;
}

/** Created ranges that start and end inside months, on month edges, open, and within one day. */
const RANGES: { createdFrom?: string; createdTo?: string }[] = [
  {},
  { createdFrom: '2026-02-14T05:06:07.089Z' },
  { createdTo: '2026-05-20T23:59:59.999Z' },
  { createdFrom: '2026-01-31T12:00:00.000Z', createdTo: '2026-06-01T00:00:00.000Z' },
  { createdFrom: '2026-03-01T00:00:00.000Z', createdTo: '2026-04-30T23:59:59.999Z' },
  { createdFrom: '2026-03-01T00:00:00.001Z', createdTo: '2026-04-30T23:59:59.998Z' },
  { createdFrom: '2026-03-10T10:00:00.000Z', createdTo: '2026-03-25T15:00:00.000Z' },
  { createdFrom: '2026-02-27T18:00:00.000Z', createdTo: '2026-03-02T06:00:00.000Z' },
  { createdFrom: '2026-04-04T01:00:00.000Z', createdTo: '2026-04-04T22:00:00.000Z' },
  { createdFrom: '2025-06-01T00:00:00.000Z', createdTo: '2027-01-01T00:00:00.000Z' },
];

const FILTERS: Omit<TransactionListCriteria, 'deploymentId' | 'sortBy' | 'sortOrder' | 'limit' | 'offset'>[] = [
  {},
  { statuses: ['EXECUTED', 'CONFIRMED'] },
  { currencyIds: [USDT, USDC], isClaimed: false },
  { operationTypes: ['invoice'], statuses: ['PENDING'], isClaimed: true },
];

describe('transaction totals and amounts (rollups by deployment, month and day)', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    d = await createDeployment(t, { chainId: '1' });
  });

  const criteria = (
    range: (typeof RANGES)[number],
    filter: (typeof FILTERS)[number],
    deploymentId = d.id,
  ): TransactionListCriteria => ({
    deploymentId,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    limit: 10,
    offset: '0',
    ...filter,
    ...range,
  });

  it('are exact over months, days and partial days, through the API', async () => {
    await insertRows(t.dataSource, d.id, 1500, '2026-01-20T00:00:00Z', '2026-06-10T00:00:00Z');
    // Updates move rows between buckets (status, claimed) and between months (created_at).
    await t.dataSource.query(
      `UPDATE transactions SET status = 'CONFIRMED', is_claimed = NOT is_claimed
        WHERE deployment_id = $1 AND status = 'EXECUTED' AND random() < 0.5`,
      [d.id],
    );
    await t.dataSource.query(
      `UPDATE transactions SET created_at = created_at - interval '17 days' WHERE deployment_id = $1 AND random() < 0.2`,
      [d.id],
    );
    await t.dataSource.query(`DELETE FROM transactions WHERE deployment_id = $1 AND random() < 0.1`, [d.id]);
    const key = d.members[0].apiKey;
    for (const range of RANGES) {
      for (const filter of FILTERS) {
        const query: Record<string, string> = { ...range };
        if (filter.statuses) query.statuses = filter.statuses.join(',');
        if (filter.currencyIds) query.currencyIds = filter.currencyIds.join(',');
        if (filter.operationTypes) query.operationTypes = filter.operationTypes.join(',');
        if (filter.isClaimed !== undefined) query.isClaimed = String(filter.isClaimed);
        const res = await request(t.http).get(list(d.id)).set('x-api-key', key).query(query).expect(200);
        const expected = await countStar(t.dataSource, criteria(range, filter));
        expect({ query, total: res.body.total }).toEqual({ query, total: expected });
      }
    }
    const { rollup, summed } = await amountBuckets(t.dataSource, d.id);
    expect(summed.length).toBeGreaterThan(20);
    expect(rollup).toEqual(summed);
  }, 60_000);

  it('stay exact while concurrent writers insert, update and delete (compared with COUNT(*) in one snapshot)', async () => {
    await insertRows(t.dataSource, d.id, 500, '2026-01-20T00:00:00Z', '2026-06-10T00:00:00Z');
    // Two writers updating random rows may lock them in opposite orders: PostgreSQL then aborts one
    // whole transaction (40P01), which leaves every count as it was, and that writer tries again.
    const write = async (kind: number, seed: number): Promise<void> => {
      switch (kind % 4) {
        case 0:
          await insertRows(t.dataSource, d.id, 1 + (seed % 5), '2026-01-20T00:00:00Z', '2026-06-10T00:00:00Z');
          break;
        case 1:
          await t.dataSource.query(
            `UPDATE transactions SET is_claimed = NOT is_claimed, amount = amount + 7, updated_at = now()
                WHERE id IN (SELECT id FROM transactions WHERE deployment_id = $1 ORDER BY random() LIMIT 3)`,
            [d.id],
          );
          break;
        case 2:
          await t.dataSource.query(
            `UPDATE transactions SET status = (ARRAY['EXECUTED', 'CONFIRMED', 'FAILED'])[1 + floor(random() * 3)::int],
                                       created_at = created_at + interval '9 days'
                WHERE id IN (SELECT id FROM transactions WHERE deployment_id = $1 ORDER BY random() LIMIT 2)`,
            [d.id],
          );
          break;
        default:
          // A transaction of several statements: its counts appear together with its rows.
          await t.dataSource.transaction(async (manager) => {
            await insertRows(manager, d.id, 2, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
            await manager.query(
              `DELETE FROM transactions WHERE id IN (SELECT id FROM transactions WHERE deployment_id = $1 ORDER BY random() LIMIT 1)`,
              [d.id],
            );
          });
      }
    };
    const { writes, checks } = await checkWhileWriting(t.dataSource, write, async (snapshot, round) => {
      // The repository's statement and COUNT(*) in one snapshot must agree at every moment.
      const range = RANGES[round % RANGES.length];
      const filter = FILTERS[Math.floor(round / RANGES.length) % FILTERS.length];
      const { total } = await new TypeOrmTransactionReadRepository(snapshot).list(criteria(range, filter));
      const expected = await countStar(snapshot, criteria(range, filter));
      expect({ range, filter, total }).toEqual({ range, filter, total: expected });
      const { rollup, summed } = await amountBuckets(snapshot, d.id);
      expect(rollup).toEqual(summed);
    });
    expect(writes).toBeGreaterThan(20);
    expect(checks).toBeGreaterThan(RANGES.length);

    // And once the writers are done, the API agrees with COUNT(*) for every range and filter.
    for (const range of RANGES) {
      const res = await request(t.http)
        .get(list(d.id))
        .set('x-api-key', d.members[0].apiKey)
        .query({ ...range })
        .expect(200);
      expect(res.body.total).toBe(await countStar(t.dataSource, criteria(range, {})));
    }
    const { rollup, summed } = await amountBuckets(t.dataSource, d.id);
    expect(rollup).toEqual(summed);
  }, 60_000);
});
