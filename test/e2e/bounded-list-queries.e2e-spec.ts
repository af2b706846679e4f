import request from 'supertest';
import type { TransactionListCriteria } from '../../src/modules/deployments/domain/transaction-read-model';
import { TypeOrmTransactionReadRepository } from '../../src/modules/deployments/infrastructure/typeorm-transaction-read.repository';
import { DAY_SKIP_OFFSET } from '../../src/shared/infrastructure/deep-page';
import { CatalogService } from '../../src/modules/catalog/catalog.service';
import { TypeOrmInvoiceRepository } from '../../src/modules/billing/infrastructure/typeorm-invoice.repository';
import { TypeOrmPayoutRepository } from '../../src/modules/payouts/infrastructure/typeorm-payout.repository';
import { createDeployment, TestDeployment } from '../support/builders';
import { changeDeposits, insertDeposits } from '../support/claimable-deposits';
import { changeRows, insertRows, periodBuckets, USDC, USDT } from '../support/list-rows';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * What keeps every list request cheap whatever its filters: deep transaction pages start at the
 * day their first row lies in (and answer exactly what OFFSET answers), the invoices' currency
 * total comes from its rollup, and every substring filter's statement can be answered from a
 * trigram index (three characters or more) or a gram index (one or two).
 */
describe('bounded list queries', () => {
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

  /** `count` transactions over `days` days, several on the same instant (ties broken by id). */
  async function insertTransactions(deploymentId: string, count: number, days: number): Promise<void> {
    await t.dataSource.query(
      `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                 operation_type, is_claimed, created_at, updated_at)
       SELECT gen_random_uuid(), $1, '1', 'deep:' || gen_random_uuid(), 'IN',
              (ARRAY['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'])[1 + floor(random() * 4)::int],
              '0x' || md5(random()::text) || md5(random()::text), (ARRAY[$2, $3, '1'])[1 + floor(random() * 3)::int],
              1, (ARRAY['invoice', 'direct_deposit', 'payout'])[1 + floor(random() * 3)::int], random() < 0.5, ts, ts
         FROM (SELECT '2026-03-01T00:00:00Z'::timestamptz + floor(random() * $5 * 96) * interval '15 minutes' AS ts
                 FROM generate_series(1, $4::int)) g`,
      [deploymentId, USDT, USDC, count, days],
    );
  }

  /** The ids of a page as OFFSET over the whole ordered list gives them. */
  async function offsetPage(criteria: TransactionListCriteria): Promise<string[]> {
    const direction = criteria.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const rows = (await t.dataSource.query(
      `SELECT id FROM transactions WHERE deployment_id = $1
          AND ($2::text[] IS NULL OR status = ANY($2)) AND ($3::text[] IS NULL OR currency_id = ANY($3))
          AND ($4::boolean IS NULL OR is_claimed = $4)
        ORDER BY created_at ${direction}, id ${direction} LIMIT $5 OFFSET $6`,
      [
        criteria.deploymentId,
        criteria.statuses ?? null,
        criteria.currencyIds ?? null,
        criteria.isClaimed ?? null,
        criteria.limit,
        criteria.offset,
      ],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  it('answers deep transaction pages exactly as OFFSET does, in both orders and under rolled-up filters', async () => {
    await insertTransactions(d.id, 2600, 30);
    // Rows leave and enter days and buckets after the load.
    await t.dataSource.query(
      `UPDATE transactions SET created_at = created_at - interval '3 days', status = 'CONFIRMED'
        WHERE deployment_id = $1 AND random() < 0.2`,
      [d.id],
    );
    await t.dataSource.query(`DELETE FROM transactions WHERE deployment_id = $1 AND random() < 0.05`, [d.id]);
    const repository = new TypeOrmTransactionReadRepository(t.dataSource);
    const filters: Partial<TransactionListCriteria>[] = [
      {},
      { statuses: ['CONFIRMED', 'EXECUTED'] },
      { currencyIds: [USDT], isClaimed: false },
    ];
    const offsets = [DAY_SKIP_OFFSET - 1, DAY_SKIP_OFFSET, 1337, 1800, 2400, 2460, 2470, 2600, 5000];
    let compared = 0;
    for (const filter of filters) {
      for (const sortOrder of ['desc', 'asc'] as const) {
        for (const offset of offsets) {
          const criteria: TransactionListCriteria = {
            deploymentId: d.id,
            sortBy: 'createdAt',
            sortOrder,
            limit: 25,
            offset: String(offset),
            ...filter,
          };
          const expected = await offsetPage(criteria);
          const { items } = await repository.list(criteria);
          expect({ filter, sortOrder, offset, ids: items.map((item) => item.id) }).toEqual({
            filter,
            sortOrder,
            offset,
            ids: expected,
          });
          compared += expected.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);

    // And through the API: page 100 of 10 rows.
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions`)
      .set('x-api-key', d.members[0].apiKey)
      .query({ page: 101, pageSize: 10 })
      .expect(200);
    const expected = await offsetPage({
      deploymentId: d.id,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      limit: 10,
      offset: '1000',
    });
    expect(expected).toHaveLength(10);
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual(expected);
  });

  it('answers deep invoice and payout pages exactly as OFFSET does, from their day counts', async () => {
    await insertRows(t.dataSource, d.id, 4800);
    // Rows spread over 40 days (moving between days and months after their insert), then changed.
    for (const table of ['invoices', 'payouts'])
      await t.dataSource.query(
        `UPDATE ${table} SET created_at = '2026-02-10T00:00:00Z'::timestamptz + floor(random() * 40 * 48) * interval '30 minutes'
          WHERE deployment_id = $1`,
        [d.id],
      );
    for (let kind = 0; kind < 8; kind += 1) await changeRows(t.dataSource, d.id, kind);
    const { rollup, counted } = await periodBuckets(t.dataSource, d.id);
    expect(counted.length).toBeGreaterThan(100);
    expect(rollup).toEqual(counted);
    const sent: string[] = [];
    const recording = {
      query: (sql: string, params: unknown[]) => (sent.push(sql), t.dataSource.query(sql, params)),
    } as never;
    const lists = [
      {
        table: 'invoices',
        repository: new TypeOrmInvoiceRepository(recording, t.app.get(CatalogService)),
        currency: 'currency_ids && $3::text[]',
      },
      { table: 'payouts', repository: new TypeOrmPayoutRepository(recording), currency: 'currency_id = ANY($3)' },
    ];
    const filters: { statuses?: string[]; currencyIds?: string[] }[] = [
      {},
      { statuses: ['PAID', 'EXECUTED', 'SENT'] },
      { currencyIds: [USDC] },
      { statuses: ['CREATED', 'FAILED'], currencyIds: [USDT, '1'] },
    ];
    let compared = 0;
    for (const { table, repository, currency } of lists) {
      const [{ n }] = (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE deployment_id = $1`, [
        d.id,
      ])) as { n: number }[];
      expect(n).toBeGreaterThan(DAY_SKIP_OFFSET + 100);
      for (const filter of filters) {
        for (const sortOrder of ['desc', 'asc'] as const) {
          for (const offset of [DAY_SKIP_OFFSET - 1, DAY_SKIP_OFFSET, 1033, Math.floor(n / 2), n - 7, n + 10]) {
            const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
            const rows = (await t.dataSource.query(
              `SELECT id FROM ${table} WHERE deployment_id = $1 AND ($2::text[] IS NULL OR status = ANY($2))
                  AND ($3::text[] IS NULL OR ${currency})
                ORDER BY created_at ${direction}, id ${direction} LIMIT 20 OFFSET $4`,
              [d.id, filter.statuses ?? null, filter.currencyIds ?? null, offset],
            )) as { id: string }[];
            sent.length = 0;
            const { items } = await repository.list(d.id, {
              sortBy: 'createdAt',
              sortOrder,
              limit: 20,
              offset: String(offset),
              ...filter,
            } as never);
            expect({ table, filter, sortOrder, offset, ids: items.map((item) => item.id) }).toEqual({
              table,
              filter,
              sortOrder,
              offset,
              ids: rows.map((row) => row.id),
            });
            // A deep page inside the list started at its day.
            if (offset >= DAY_SKIP_OFFSET && rows.length > 0)
              expect(sent.some((sql) => sql.includes(`${table.slice(0, -1)}_period_counts`))).toBe(true);
            compared += rows.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('reads the deep page from the day counts, not by walking the skipped rows', async () => {
    await insertTransactions(d.id, 3000, 30);
    const statements: { sql: string; params: unknown[] }[] = [];
    const repository = new TypeOrmTransactionReadRepository({
      query: (sql: string, params: unknown[]) => {
        statements.push({ sql, params: [...params] });
        return t.dataSource.query(sql, params);
      },
    } as never);
    const criteria: TransactionListCriteria = {
      deploymentId: d.id,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      limit: 10,
      offset: '2500',
    };
    const { items } = await repository.list(criteria);
    expect(items).toHaveLength(10);
    const [{ sql, params }] = statements;
    expect(sql).toContain('transaction_counts');
    // The page's scan of transactions starts at the page's day: it returns that day's rows (about
    // 100 here) or, when the planner sorts this small table instead, the rows from that day on
    // (about 600); OFFSET alone would walk 2,510.
    const explained = (await t.dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)) as {
      'QUERY PLAN': { Plan: PlanNode }[];
    }[];
    const scans = nodes(explained[0]['QUERY PLAN'][0].Plan).filter(
      (node) => node['Relation Name'] === 'transactions' && node['Node Type'] !== 'Index Scan',
    );
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Actual Rows']).toBeLessThan(1000);
  });

  it("answers the invoices' currency filter from its rollup, exactly, as invoices are written", async () => {
    await insertRows(t.dataSource, d.id, 300);
    for (let kind = 0; kind < 8; kind += 1) await changeRows(t.dataSource, d.id, kind);
    await t.dataSource.query(
      `UPDATE invoices SET currency_ids = ARRAY[$2::text, '1'] WHERE deployment_id = $1 AND random() < 0.2`,
      [d.id, USDC],
    );
    const key = d.members[0].apiKey;
    const cases: { currencyIds: string; statuses?: string }[] = [
      { currencyIds: USDT },
      { currencyIds: `${USDC},1` },
      { currencyIds: '1', statuses: 'PAID,CREATED' },
    ];
    for (const query of cases) {
      const res = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/invoices`)
        .set('x-api-key', key)
        .query(query)
        .expect(200);
      const [{ n }] = (await t.dataSource.query(
        `SELECT count(*)::int AS n FROM invoices WHERE deployment_id = $1 AND currency_ids && $2::text[]
            AND ($3::text[] IS NULL OR status = ANY($3))`,
        [d.id, query.currencyIds.split(','), query.statuses?.split(',') ?? null],
      )) as { n: number }[];
      expect({ query, total: res.body.total }).toEqual({ query, total: n });
      expect(n).toBeGreaterThan(0);
    }
    const buckets = async (source: string) =>
      t.dataSource.query(
        `SELECT status, currency_ids, n::int FROM (${source}) b WHERE n <> 0 ORDER BY status, currency_ids::text`,
        [d.id],
      );
    expect(
      await buckets(`SELECT status, currency_ids, n FROM invoice_currency_totals WHERE deployment_id = $1`),
    ).toEqual(
      await buckets(
        `SELECT status, currency_ids, count(*) AS n FROM invoices WHERE deployment_id = $1 GROUP BY status, currency_ids`,
      ),
    );
    // A marker bucket the rows do not have: only a total read from the rollup can see it.
    await t.dataSource.query(
      `INSERT INTO invoice_currency_totals VALUES ($1, 'PAID', ARRAY['marker', $2::text], 1000)`,
      [d.id, USDT],
    );
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/invoices`)
      .set('x-api-key', key)
      .query({ currencyIds: `${USDT},${USDC}` })
      .expect(200);
    const [{ n }] = (await t.dataSource.query(
      `SELECT count(*)::int AS n FROM invoices WHERE deployment_id = $1 AND currency_ids && $2::text[]`,
      [d.id, [USDT, USDC]],
    )) as { n: number }[];
    expect(res.body.total).toBe(n + 1000);
  });

  it("answers the claims list's total from its group rollup, exactly, as deposits are written", async () => {
    await insertRows(t.dataSource, d.id, 30);
    await insertDeposits(t.dataSource, d.id, 400, 30);
    for (let kind = 0; kind < 12; kind += 1) await changeDeposits(t.dataSource, d.id, kind);
    await insertDeposits(t.dataSource, d.id, 50, 30);
    const key = d.members[0].apiKey;
    const groups = async (currencies?: string[]) => {
      const [{ n }] = (await t.dataSource.query(
        `SELECT count(*)::int AS n FROM claimable_groups WHERE deployment_id = $1 AND ($2::text[] IS NULL OR currency_id = ANY($2))`,
        [d.id, currencies ?? null],
      )) as { n: number }[];
      return n;
    };
    const listed = async (query: Record<string, string>) =>
      (await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set('x-api-key', key).query(query).expect(200))
        .body.total as number;
    expect(await groups()).toBeGreaterThan(10);
    expect(await listed({})).toBe(await groups());
    expect(await listed({ currencyIds: USDC })).toBe(await groups([USDC]));
    expect(
      await t.dataSource.query(
        `SELECT currency_id, n::int FROM claimable_group_totals WHERE deployment_id = $1 AND n <> 0 ORDER BY currency_id`,
        [d.id],
      ),
    ).toEqual(
      await t.dataSource.query(
        `SELECT currency_id, count(*)::int AS n FROM claimable_groups WHERE deployment_id = $1 GROUP BY currency_id ORDER BY currency_id`,
        [d.id],
      ),
    );
    // A marker the groups do not have: only a total read from the rollup sees it; a filter the
    // rollup does not know (an invoice) still counts groups.
    await t.dataSource.query(
      `UPDATE claimable_group_totals SET n = n + 1000 WHERE deployment_id = $1 AND currency_id = $2`,
      [d.id, USDT],
    );
    expect(await listed({})).toBe((await groups()) + 1000);
    expect(await listed({ currencyIds: USDC })).toBe(await groups([USDC]));
    const [{ invoice_id: invoiceId }] = (await t.dataSource.query(
      `SELECT invoice_id FROM claimable_groups WHERE deployment_id = $1 LIMIT 1`,
      [d.id],
    )) as { invoice_id: string }[];
    const [{ n }] = (await t.dataSource.query(
      `SELECT count(*)::int AS n FROM claimable_groups WHERE deployment_id = $1 AND invoice_id = $2`,
      [d.id, invoiceId],
    )) as { n: number }[];
    expect(await listed({ invoiceId })).toBe(n);
  });

  it('answers a page past the end of a list without reading its rows', async () => {
    await insertRows(t.dataSource, d.id, 50);
    const key = d.members[0].apiKey;
    await insertDeposits(t.dataSource, d.id, 100, 20);
    for (const path of ['invoices', 'payouts', 'operations', 'claims', 'transactions']) {
      const res = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/${path}`)
        .set('x-api-key', key)
        .query({ page: 1000 })
        .expect(200);
      expect({ path, items: res.body.items, total: res.body.total > 0 }).toEqual({ path, items: [], total: true });
    }
  });

  /** Each list's substring filters, as the API takes them, with texts no row holds. */
  const SUBSTRING_FILTERS: [string, Record<string, string>, string][] = [
    ['transactions', { id: 'fedcba98' }, 'ix_transactions_id_trgm'],
    ['transactions', { txHash: 'FEDCBA9876' }, 'ix_transactions_tx_hash_trgm'],
    ['invoices', { id: 'fedcba98' }, 'ix_invoices_id_trgm'],
    ['invoices', { trackingId: 'No-Such-Order' }, 'ix_invoices_tracking_id_trgm'],
    ['payouts', { id: 'fedcba98' }, 'ix_payouts_id_trgm'],
    ['payouts', { trackingId: 'No-Such-Order' }, 'ix_payouts_tracking_id_trgm'],
    ['payouts', { createdBy: '0xFEDCBA98' }, 'ix_payouts_created_by_trgm'],
    ['payouts', { toAddress: '0xFEDCBA98' }, 'ix_payouts_to_address_trgm'],
    ['operations', { createdBy: '0xFEDCBA98' }, 'ix_queue_operations_created_by_trgm'],
    // One or two characters have no trigram: the gram indexes answer them.
    ['transactions', { id: 'Zq' }, 'ix_transactions_id_grams'],
    ['transactions', { txHash: 'Q' }, 'ix_transactions_tx_hash_grams'],
    ['invoices', { id: 'zQ' }, 'ix_invoices_id_grams'],
    ['invoices', { trackingId: '#!' }, 'ix_invoices_tracking_id_grams'],
    ['payouts', { id: 'zq' }, 'ix_payouts_id_grams'],
    ['payouts', { trackingId: '#!' }, 'ix_payouts_tracking_id_grams'],
    ['payouts', { createdBy: 'Zq' }, 'ix_payouts_created_by_grams'],
    ['payouts', { toAddress: 'Zq' }, 'ix_payouts_to_address_grams'],
    ['operations', { createdBy: 'Zq' }, 'ix_queue_operations_created_by_grams'],
  ];

  it.each(SUBSTRING_FILTERS)(
    "answers the %s list's %j filter from %s (every statement it sends)",
    async (path, query, index) => {
      const sent: { sql: string; params: unknown[] }[] = [];
      const query$ = t.dataSource.query.bind(t.dataSource);
      const spy = jest.spyOn(t.dataSource, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
        sent.push({ sql, params: [...(params ?? [])] });
        return query$(sql, params);
      }) as never);
      try {
        const res = await request(t.http)
          .get(`/api/v1/deployments/${d.id}/${path}`)
          .set('x-api-key', d.members[0].apiKey)
          .query(query)
          .expect(200);
        expect(res.body).toMatchObject({ total: 0, items: [] });
      } finally {
        spy.mockRestore();
      }
      const listing = sent.filter(({ sql }) => /LIKE/i.test(sql));
      expect(listing.length).toBeGreaterThan(0);
      for (const { sql, params } of listing) {
        const [, table, alias = ''] = / FROM (transactions|invoices|payouts|queue_operations)( o)?\b/.exec(sql) ?? [];
        // `expression [I]LIKE $n` (trigrams) and `substring_grams(expression) @> ARRAY[lower($n::text)]`.
        const conditions = [
          ...sql.matchAll(/((?:lower\()?[\w.]+(?:::text|\))?) (I?LIKE) \$(\d+)/g),
          ...sql.matchAll(
            /(substring_grams\((?:lower\()?[\w.]+(?:::text|\))?\)) (@>) ARRAY\[lower\(\$(\d+)::text\)\]/g,
          ),
        ];
        expect(conditions.length).toBeGreaterThan(0);
        const used = new Set<string | undefined>();
        for (const [, expression, operator, position] of conditions) {
          const test = operator === '@>' ? `${expression} @> ARRAY[lower($1::text)]` : `${expression} ${operator} $1`;
          used.add(await substringIndexFor(table, alias, test, params[Number(position) - 1]));
        }
        expect({ sql, used: used.has(index) }).toEqual({ sql, used: true });
      }
    },
  );

  /**
   * The index PostgreSQL answers `condition` from when only bitmap scans of the table's own
   * indexes are left to it: on test tables this small it rightly prefers other paths, so inside a
   * transaction that is rolled back, the table scans are switched off and its other plain indexes
   * dropped. A condition whose expression differs from the trigram or gram index's gets no index.
   */
  async function substringIndexFor(
    table: string,
    alias: string,
    condition: string,
    value: unknown,
  ): Promise<string | undefined> {
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'])
        await runner.query(`SET LOCAL ${setting} = off`);
      const others = (await runner.query(
        `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
          WHERE i.indrelid = $1::regclass AND c.relname NOT LIKE '%\\_trgm' AND c.relname NOT LIKE '%\\_grams'
            AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
        [table],
      )) as { name: string }[];
      for (const { name } of others) await runner.query(`DROP INDEX ${name}`);
      const plan = (await runner.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} ${alias} WHERE ${condition}`, [
        value,
      ])) as { 'QUERY PLAN': { Plan: PlanNode }[] }[];
      return nodes(plan[0]['QUERY PLAN'][0].Plan).find((node) => node['Index Name'] !== undefined)?.['Index Name'];
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}
