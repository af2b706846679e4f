import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createDeployment, createMember, evmWallet, TestDeployment } from '../support/builders';
import { eventually } from '../support/callback-receiver';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDC, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { insertRows } from '../support/list-rows';
import { waitForListeningPort } from '../support/listening';
import { createTestApp, TEST_JWT_SECRET, TestApp } from '../support/test-app';
import { csvObjects } from '../support/csv';

jest.setTimeout(300_000);

const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runtime, SERVICE_NODE_FLAGS } = require('../../scripts/runtime') as {
  runtime: () => string;
  SERVICE_NODE_FLAGS: string[];
};

/** Current and peak resident set size of a process (Linux /proc), in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

async function waitUntilReady(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      httpGet({ port, host: '127.0.0.1', path: '/health/ready' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the service did not become ready');
}

/** Reads a response through, counting its bytes and lines without keeping it. */
function download(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    httpGet({ port, host: '127.0.0.1', path, headers }, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 0x0a) lines += 1;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('CSV exports of transactions, invoices and payouts', () => {
  let t: TestApp;
  let d: TestDeployment;
  const as = () => ({ 'x-api-key': d.members[0].apiKey });
  const base = () => `/api/v1/deployments/${d.id}`;

  async function exported(kind: string, query: Record<string, string | string[]> = {}) {
    const res = await request(t.http).get(`${base()}/${kind}/export`).query(query).set(as());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${kind}-${d.id}.csv"`);
    return csvObjects(res.text);
  }

  /** Every page of the list, pageSize 100. */
  async function listed(kind: string, query: Record<string, string | string[]> = {}) {
    const items: Record<string, unknown>[] = [];
    for (let page = 1; ; page += 1) {
      const res = await request(t.http)
        .get(`${base()}/${kind}`)
        .query({ ...query, page: String(page), pageSize: '100' })
        .set(as());
      expect(res.status).toBe(200);
      const body = res.body as { total: number; items: Record<string, unknown>[] };
      items.push(...body.items);
      if (items.length >= body.total || body.items.length === 0) return items;
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t);
    await insertRows(t.dataSource, d.id, 300);
    // The bulk rows took invoice nonces 1-300 behind the deployment's back: the API's invoices start after them.
    await t.dataSource.query(`UPDATE deployments SET next_invoice_nonce = 1000 WHERE id = $1`, [d.id]);
    const invoice = (
      await createInvoice(t, d, invoiceBody({ requestedAmount: '5', currencyIds: [ETH_USDT], trackingId: 'exp-1' }))
    ).body as { invoiceAddress: string };
    const events = [
      transfer(d, invoice.invoiceAddress, ETH_USDT, '5000000', 'CONFIRMED', { confirmations: 20 }),
      ...Array.from({ length: 40 }, (_, i) =>
        transfer(
          d,
          d.address,
          i % 2 === 0 ? ETH_USDT : ETH_USDC,
          String(1_000_000 * (i + 1)),
          i % 3 ? 'EXECUTED' : 'CONFIRMED',
          {
            confirmations: i % 3 ? 1 : 20,
          },
        ),
      ),
    ];
    const results = await ingest(t, events);
    expect(results.filter((result) => !result.applied)).toEqual([]);
    for (let i = 0; i < 3; i += 1) {
      const res = await request(t.http)
        .post(`${base()}/payouts`)
        .set(as())
        .send({
          deploymentId: d.id,
          currencyId: ETH_USDT,
          amount: '1.5',
          toAddress: evmWallet().address,
          trackingId: `pay-${i}`,
        });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['transactions', {}],
    ['transactions', { sortBy: 'updatedAt', sortOrder: 'asc' }],
    ['transactions', { currencyIds: ETH_USDT, statuses: 'CONFIRMED' }],
    ['transactions', { operationTypes: 'invoice' }],
    ['transactions', { sortBy: 'id', id: 'a' }],
    ['invoices', {}],
    ['invoices', { statuses: ['PAID', 'UNRESOLVED'], sortOrder: 'asc' }],
    ['invoices', { currencyIds: ETH_USDC.toUpperCase(), sortBy: 'id' }],
    ['invoices', { trackingId: 'EXP' }],
    ['payouts', {}],
    ['payouts', { statuses: 'CREATED', currencyIds: ETH_USDT }],
    ['payouts', { sortBy: 'updatedAt', sortOrder: 'asc', createdFrom: '2000-01-01T00:00:00Z' }],
  ])('%s export %j holds exactly the rows of the list, in its order, with its values', async (kind, query) => {
    const items = await listed(kind, query as Record<string, string>);
    const rows = await exported(kind, query as Record<string, string>);
    expect(items.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.id)).toEqual(items.map((item) => item.id));
    for (const [i, item] of items.entries()) {
      expect(rows[i].createdAt).toBe(item.createdAt);
      expect(rows[i].updatedAt).toBe(item.updatedAt);
      expect(rows[i].status).toBe(item.status);
      if (kind !== 'invoices') expect(rows[i].amount).toBe(item.amount);
      if (kind === 'invoices') expect(rows[i].paidAmount).toBe(item.paidAmount ?? '');
    }
  });

  it('writes amounts as decimal strings and timestamps as ISO 8601', async () => {
    const rows = await exported('payouts', { trackingId: 'pay-' });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.amount).toBe('1.5');
      expect(row.currencySymbol).toBe('USDT');
      expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const deposits = await exported('transactions', { operationTypes: 'invoice' });
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ amount: '5', invoiceTrackingId: 'exp-1', canClaim: 'true' });
  });

  it('quotes commas, quotes and newlines, and defuses formulas in free text', async () => {
    const text = 'Pay, "now"\nplease';
    const created = await createInvoice(t, d, invoiceBody({ paymentPageButtonText: text, trackingId: 'quoting' }));
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    // trackingId cannot hold these through the API: written directly, as an older import might have.
    const tricky = 'a,b"c\r\nd';
    await t.dataSource.query(`UPDATE invoices SET tracking_id = $2 WHERE id = $1`, [id, tricky]);
    const formula = await createInvoice(t, d, invoiceBody({ paymentPageButtonText: '=HYPERLINK("http://x")' }));
    const formulaId = (formula.body as { id: string }).id;

    const res = await request(t.http).get(`${base()}/invoices/export`).set(as());
    expect(res.text).toContain(`"Pay, ""now""\nplease"`);
    const rows = csvObjects(res.text);
    expect(rows.find((row) => row.id === id)).toMatchObject({ paymentPageButtonText: text, trackingId: tricky });
    expect(rows.find((row) => row.id === formulaId)?.paymentPageButtonText).toBe(`'=HYPERLINK("http://x")`);
  });

  it('answers 400 for paging and unknown or bad parameters', async () => {
    for (const kind of ['transactions', 'invoices', 'payouts']) {
      for (const query of [
        { page: '1' },
        { pageSize: '10' },
        { nope: '1' },
        { sortBy: 'amount' },
        { createdFrom: 'x' },
      ]) {
        const res = await request(t.http).get(`${base()}/${kind}/export`).query(query).set(as());
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body.message).toMatch(/^\[ERR_400\]/);
      }
    }
  });

  it('needs a credential (401) and answers 404 to a non-member and for an unknown deployment', async () => {
    const stranger = await createMember(t);
    for (const kind of ['transactions', 'invoices', 'payouts']) {
      expect((await request(t.http).get(`${base()}/${kind}/export`)).status).toBe(401);
      const foreign = await request(t.http).get(`${base()}/${kind}/export`).set('x-api-key', stranger.apiKey);
      expect(foreign.status).toBe(404);
      expect(foreign.text).not.toContain(d.address);
      const unknown = await request(t.http).get(`/api/v1/deployments/${randomUUID()}/${kind}/export`).set(as());
      expect(unknown.status).toBe(404);
    }
    // The transactions list itself keeps its 403 for non-members.
    expect((await request(t.http).get(`${base()}/transactions`).set('x-api-key', stranger.apiKey)).status).toBe(403);
  });

  it('stops at EXPORT_MAX_ROWS rows', async () => {
    const limited = await createTestApp({ env: { EXPORT_MAX_ROWS: '7' } });
    try {
      for (const kind of ['transactions', 'invoices', 'payouts']) {
        const res = await request(limited.http).get(`${base()}/${kind}/export`).query({ sortOrder: 'asc' }).set(as());
        expect(res.status).toBe(200);
        const rows = csvObjects(res.text);
        expect(rows).toHaveLength(7);
        const first = await listed(kind, { sortOrder: 'asc' });
        expect(rows.map((row) => row.id)).toEqual(first.slice(0, rows.length).map((item) => item.id));
      }
    } finally {
      await limited.close();
    }
  });

  let big: TestDeployment;

  it('streams 200,000 transactions with flat memory', async () => {
    big = await createDeployment(t);
    const total = 200_000;
    // One bulk insert (the rollup triggers run per row): longer than the pool's statement timeout.
    await t.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = 0`);
      await manager.query(
        `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                 from_address, to_address, operation_type, block_number, blockchain_fee, confirmations,
                                 created_at, updated_at)
       SELECT gen_random_uuid(), $1::uuid, '1', 'export-' || $1::text || '-' || i, 'IN', 'CONFIRMED',
              '0x' || lpad(to_hex(i), 64, '0'), $2, (i * 1000)::numeric, $3, $4, 'direct_deposit', i, 21000, 20,
              now() - i * interval '1 second', now() - i * interval '1 second'
         FROM generate_series(1, $5::int) AS i`,
        [big.id, ETH_USDT, evmWallet().address, big.address, total],
      );
    });
    // The built service in a process of its own, with its production heap flags, so its RSS is the export's alone.
    const server = spawn(runtime(), [...SERVICE_NODE_FLAGS, join(root, 'dist', 'src', 'main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: t.config.databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        // info: the line naming the port the system gave it; nothing else is logged at rest.
        LOG_LEVEL: 'info',
        CALLBACK_WORKER: 'false',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString('utf8');
    });
    try {
      const port = await waitForListeningPort(server, () => output);
      await waitUntilReady(port);
      const path = `/api/v1/deployments/${big.id}/transactions/export`;
      const headers = { 'x-api-key': big.members[0].apiKey };
      // A small export first, so start-up allocations and the first query plans are behind us.
      await download(
        port,
        `${path}?createdFrom=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
        headers,
      );
      const before = memoryOf(server.pid ?? 0);
      const result = await download(port, path, headers);
      const after = memoryOf(server.pid ?? 0);
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      // Reported for the record (the README quotes it).
      console.log(
        `export of ${total} rows (${mb(result.bytes)} MB of CSV): service RSS ${mb(before.rss)} MB before, ` +
          `peak ${mb(after.peak)} MB (+${mb(after.peak - before.rss)} MB), ${mb(after.rss)} MB after`,
      );
      expect(result.status).toBe(200);
      expect(result.lines).toBe(total + 1);
      // The CSV is ~70 MB and the rows as objects far more: holding either would grow the process by
      // at least the CSV's size. Streaming grows it by buffers and garbage not yet collected, which a
      // busy machine lets pile up (19-58 MB seen here), below that.
      expect(after.peak - before.rss).toBeLessThan(result.bytes);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  });

  it('stops reading and frees its connection when the client goes away', async () => {
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    const { port } = t.http.address() as AddressInfo;
    try {
      await new Promise<void>((resolve, reject) => {
        const req = httpGet(
          {
            port,
            host: '127.0.0.1',
            path: `/api/v1/deployments/${big.id}/transactions/export`,
            headers: { 'x-api-key': big.members[0].apiKey },
          },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', () => undefined);
        setTimeout(() => reject(new Error('no data')), 20_000);
      });
      // The cursor's transaction ends and its connection goes back: no session is left holding it.
      await eventually(async () => {
        const rows: { n: string }[] = await t.dataSource.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%export_rows%' AND state <> 'idle' AND pid <> pg_backend_pid()`,
        );
        return Number(rows[0].n) === 0;
      });
    } finally {
      await new Promise<void>((resolve) => t.http.close(() => resolve()));
    }
  });
});
