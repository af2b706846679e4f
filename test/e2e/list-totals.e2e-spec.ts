import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogService } from '../../src/modules/catalog/catalog.service';
import { TypeOrmInvoiceRepository } from '../../src/modules/billing/infrastructure/typeorm-invoice.repository';
import { TypeOrmPayoutRepository } from '../../src/modules/payouts/infrastructure/typeorm-payout.repository';
import { TypeOrmQueueOperationRepository } from '../../src/modules/queue/infrastructure/typeorm-queue-operation.repository';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { createInvoice, invoiceBody } from '../support/invoices';
import { changeRows, insertRows, listBuckets, periodBuckets, USDC, USDT } from '../support/list-rows';
import { checkWhileWriting } from '../support/concurrent-writes';
import { createTestApp, TestApp } from '../support/test-app';

type Db = Pick<DataSource, 'query'>;

interface Case {
  readonly path: string;
  readonly query: Record<string, string>;
  /** COUNT(*) of the rows the list holds under `query`, from `$1` (the deployment) and nothing else. */
  readonly counted: string;
}

/** Each list unfiltered, by its rolled-up columns, and by a column only the rows have. */
const CASES: readonly Case[] = [
  { path: 'invoices', query: {}, counted: `SELECT count(*) FROM invoices WHERE deployment_id = $1` },
  {
    path: 'invoices',
    query: { statuses: 'PAID,UNRESOLVED' },
    counted: `SELECT count(*) FROM invoices WHERE deployment_id = $1 AND status IN ('PAID', 'UNRESOLVED')`,
  },
  {
    path: 'invoices',
    query: { statuses: 'CREATED', currencyIds: USDC },
    counted: `SELECT count(*) FROM invoices WHERE deployment_id = $1 AND status = 'CREATED' AND '${USDC}' = ANY(currency_ids)`,
  },
  { path: 'payouts', query: {}, counted: `SELECT count(*) FROM payouts WHERE deployment_id = $1` },
  {
    path: 'payouts',
    query: { statuses: 'EXECUTED,CANCELED', currencyIds: `${USDT},1` },
    counted: `SELECT count(*) FROM payouts WHERE deployment_id = $1 AND status IN ('EXECUTED', 'CANCELED')
                AND currency_id IN ('${USDT}', '1')`,
  },
  {
    path: 'payouts',
    query: { currencyIds: USDC, toAddress: '0x' },
    counted: `SELECT count(*) FROM payouts WHERE deployment_id = $1 AND currency_id = '${USDC}'`,
  },
  {
    path: 'operations',
    query: {},
    counted: `SELECT count(*) FROM queue_operations WHERE deployment_id = $1 AND deleted_at IS NULL`,
  },
  {
    path: 'operations',
    query: { operationTypes: 'PAYOUT,REJECT' },
    counted: `SELECT count(*) FROM queue_operations WHERE deployment_id = $1 AND deleted_at IS NULL
                AND operation_type IN ('PAYOUT', 'REJECT')`,
  },
  {
    path: 'operations',
    query: { statuses: 'CANCELLED,READY' },
    counted: `SELECT count(*) FROM queue_operations WHERE deployment_id = $1 AND deleted_at IS NULL
                AND status IN ('CANCELLED', 'READY')`,
  },
];

async function countStar(db: Db, deploymentId: string, { counted }: Case): Promise<number> {
  const [{ count }] = (await db.query(counted, [deploymentId])) as { count: string }[];
  return Number(count);
}

describe('invoice, payout and queue totals (rollups by deployment)', () => {
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

  const listed = async ({ path, query }: Case): Promise<number> => {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/${path}`)
      .set('x-api-key', d.members[0].apiKey)
      .query(query)
      .expect(200);
    return res.body.total as number;
  };

  it('are exact through the API after inserts, updates, soft deletes and deletes', async () => {
    await insertRows(t.dataSource, d.id, 400);
    for (let kind = 0; kind < 12; kind += 1) await changeRows(t.dataSource, d.id, kind);
    for (const c of CASES) {
      const expected = await countStar(t.dataSource, d.id, c);
      expect(expected).toBeGreaterThan(0);
      expect({ ...c, total: await listed(c) }).toEqual({ ...c, total: expected });
    }
    const { rollup, counted } = await listBuckets(t.dataSource, d.id);
    expect(counted.length).toBeGreaterThan(20);
    expect(rollup).toEqual(counted);
  });

  it('answer the unfiltered list and the rolled-up filters from the rollup, and count rows for the rest', async () => {
    await insertRows(t.dataSource, d.id, 400);
    const before = await Promise.all(CASES.map(listed));
    // A marker bucket the rows do not have: only a total read from the rollup can see it.
    await t.dataSource.query(
      `INSERT INTO invoice_totals VALUES ($1, 'PAID', 1000)
                                ON CONFLICT (deployment_id, status) DO UPDATE SET n = invoice_totals.n + 1000`,
      [d.id],
    );
    await t.dataSource.query(`UPDATE payout_totals SET n = n + 1000 WHERE deployment_id = $1 AND currency_id = $2`, [
      d.id,
      USDT,
    ]);
    await t.dataSource.query(
      `UPDATE queue_operation_totals SET n = n + 1000 WHERE deployment_id = $1 AND operation_type = 'PAYOUT'`,
      [d.id],
    );
    const after = await Promise.all(CASES.map(listed));
    const usdtBuckets = async (statuses: string[]) => {
      const [{ n }] = (await t.dataSource.query(
        `SELECT count(*)::int AS n FROM payout_totals WHERE deployment_id = $1 AND currency_id = $2 AND status = ANY($3)`,
        [d.id, USDT, statuses],
      )) as { n: number }[];
      return n;
    };
    expect(after.map((total, index) => total - before[index])).toEqual([
      1000, // invoices, unfiltered
      1000, // invoices, PAID or UNRESOLVED
      0, // invoices by currency: rows
      1000 * (await usdtBuckets(['CREATED', 'SIGNED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED'])), // payouts, unfiltered
      1000 * (await usdtBuckets(['EXECUTED', 'CANCELED'])), // payouts by status and currency
      0, // payouts by recipient: rows
      1000, // operations, unfiltered
      1000, // operations by type
      0, // operations by status: rows
    ]);
    expect(await usdtBuckets(['EXECUTED', 'CANCELED'])).toBeGreaterThan(0);
  });

  it("stay exact under the service's own concurrent writers: invoice and payout creates on one deployment", async () => {
    const createPayout = (i: number) =>
      request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set('x-api-key', d.members[i % d.members.length].apiKey)
        .send({ deploymentId: d.id, currencyId: USDT, amount: '1.5', toAddress: evmWallet().address });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => [
        createInvoice(t, d, invoiceBody({ trackingId: `mixed-${i}` })),
        createPayout(i),
      ]).flat(),
    );
    expect(results.map((res) => res.status)).toEqual(Array(24).fill(201));
    for (const c of CASES) {
      expect({ ...c, total: await listed(c) }).toEqual({ ...c, total: await countStar(t.dataSource, d.id, c) });
    }
    expect(await listed(CASES[0])).toBe(12);
    expect(await listed(CASES[3])).toBe(12);
    const { rollup, counted } = await listBuckets(t.dataSource, d.id);
    expect(rollup).toEqual(counted);
  });

  it('stay exact while concurrent writers insert, update and delete (compared with COUNT(*) in one snapshot)', async () => {
    await insertRows(t.dataSource, d.id, 200);
    // A writer that locks a row and then its rollup bucket, and one that holds that bucket from an
    // earlier statement and then wants the row, wait on each other: PostgreSQL aborts one whole
    // transaction (40P01), which leaves every total as it was, and that writer tries again.
    const write = async (kind: number, seed: number) => {
      if (kind % 5 === 4) await insertRows(t.dataSource, d.id, 1 + (seed % 3));
      else if (kind % 5 !== 3) await changeRows(t.dataSource, d.id, kind);
      else {
        // Several statements in one transaction: their totals appear together with their rows.
        await t.dataSource.transaction(async (manager) => {
          await insertRows(manager, d.id, 1);
          await changeRows(manager, d.id, kind);
        });
      }
    };
    const catalog = t.app.get(CatalogService);
    const { writes, checks } = await checkWhileWriting(t.dataSource, write, async (snapshot) => {
      // Each repository's total and COUNT(*) in one snapshot must agree at every moment.
      const page = { sortBy: 'createdAt', sortOrder: 'desc', limit: 1, offset: '0' } as const;
      const invoices = new TypeOrmInvoiceRepository(snapshot, catalog);
      const payouts = new TypeOrmPayoutRepository(snapshot);
      const operations = new TypeOrmQueueOperationRepository(snapshot);
      const totals: number[] = [];
      const expected: number[] = [];
      for (const [list, index] of [
        [() => invoices.list(d.id, page), 0],
        [() => invoices.list(d.id, { ...page, statuses: ['PAID', 'UNRESOLVED'] }), 1],
        [() => payouts.list(d.id, page), 3],
        [() => payouts.list(d.id, { ...page, statuses: ['EXECUTED', 'CANCELED'], currencyIds: [USDT, '1'] }), 4],
        [() => operations.list(d.id, 'evm', page), 6],
        [() => operations.list(d.id, 'evm', { ...page, operationTypes: ['PAYOUT', 'REJECT'] }), 7],
      ] as const) {
        totals.push((await list()).total);
        expected.push(await countStar(snapshot, d.id, CASES[index]));
      }
      expect(totals).toEqual(expected);
    });
    expect(writes).toBeGreaterThan(20);
    expect(checks).toBeGreaterThan(5);
    for (const c of CASES)
      expect({ ...c, total: await listed(c) }).toEqual({ ...c, total: await countStar(t.dataSource, d.id, c) });
    const { rollup, counted } = await listBuckets(t.dataSource, d.id);
    expect(rollup).toEqual(counted);
    const periods = await periodBuckets(t.dataSource, d.id);
    expect(periods.rollup).toEqual(periods.counted);
  }, 60_000);
});
