import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Pool } from 'pg';
import { EXPORT_APPLICATION_NAME } from '../../src/shared/infrastructure/sql-cursor';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { ETH_USDT } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * Exports beside everyday requests: each runs on a database connection of its own (never the
 * request pool), at most EXPORT_MAX_CONCURRENT per instance and one per member (429 with
 * Retry-After past that), and a reader slower than EXPORT_MIN_BYTES_PER_SECOND is cut with an
 * incomplete transfer. Real sockets, real readers that stop reading.
 */
describe('exports do not starve other tenants', () => {
  let t: TestApp;
  let port: number;
  let d: TestDeployment;
  let other: TestDeployment;
  let third: TestDeployment;
  const ROWS = 30_000;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        EXPORT_MAX_CONCURRENT: '2',
        EXPORT_MIN_BYTES_PER_SECOND: '1000000',
        // Time charged by the millisecond, and a budget no test here reaches.
        API_RATE_UNIT_MS: '1',
        API_RATE_LIMIT: '1000000',
      },
    });
    [d, other, third] = [await createDeployment(t), await createDeployment(t), await createDeployment(t)];
    // About 10 MB of CSV: more than the socket buffers of a reader that stopped reading hold.
    for (const deployment of [d, third]) {
      await t.dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = 0`);
        await manager.query(
          `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                     from_address, to_address, operation_type, block_number, blockchain_fee, confirmations,
                                     created_at, updated_at)
           SELECT gen_random_uuid(), $1::uuid, '1', 'share-' || $1::text || '-' || i, 'IN', 'CONFIRMED',
                  '0x' || lpad(to_hex(i), 64, '0'), $2, (i * 1000)::numeric, $3, $4, 'direct_deposit', i, 21000, 20,
                  now() - i * interval '1 second', now() - i * interval '1 second'
             FROM generate_series(1, $5::int) AS i`,
          [deployment.id, ETH_USDT, evmWallet().address, deployment.address, ROWS],
        );
      });
    }
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  interface Export {
    readonly response: IncomingMessage;
    /** Resolves once the transfer ends: complete, or cut (`aborted`). */
    readonly ended: Promise<{ complete: boolean; bytes: number; ms: number }>;
    close(): void;
  }

  /** Starts an export and, once its headers arrived, reads nothing (`paused`) or everything. */
  function startExport(deployment: TestDeployment, paused: boolean): Promise<Export> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const req = httpGet(
        {
          port,
          host: '127.0.0.1',
          path: `/api/v1/deployments/${deployment.id}/transactions/export`,
          headers: { 'x-api-key': deployment.members[0].apiKey },
          agent: false,
        },
        (response) => {
          let bytes = 0;
          const ended = new Promise<{ complete: boolean; bytes: number; ms: number }>((done) => {
            response.on('data', (chunk: Buffer) => (bytes += chunk.length));
            response.on('end', () => done({ complete: response.complete, bytes, ms: Date.now() - started }));
            response.on('error', () => done({ complete: false, bytes, ms: Date.now() - started }));
            response.on('aborted', () => done({ complete: false, bytes, ms: Date.now() - started }));
          });
          if (paused) response.pause();
          resolve({ response, ended, close: () => req.destroy() });
        },
      );
      req.on('error', reject);
    });
  }

  async function get(path: string, deployment: TestDeployment) {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { 'x-api-key': deployment.members[0].apiKey },
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
  }

  const exportSessions = async () =>
    Number(
      (
        (await t.dataSource.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
          [EXPORT_APPLICATION_NAME],
        )) as { n: string }[]
      )[0].n,
    );

  it('runs exports on their own connections, one per member and two per instance; others get 429 and the list is served', async () => {
    const first = await startExport(d, true);
    try {
      // The same member's second export: 429 with Retry-After.
      const again = await get(`/api/v1/deployments/${d.id}/transactions/export`, d);
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('5');
      expect(JSON.parse(again.text)).toMatchObject({ code: 'EXPORT_IN_PROGRESS' });

      const second = await startExport(third, true);
      try {
        // The instance runs two: a third member is refused too.
        const refused = await get(`/api/v1/deployments/${other.id}/transactions/export`, other);
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.text)).toMatchObject({ code: 'TOO_MANY_EXPORTS' });
        expect(refused.headers.get('retry-after')).toBe('5');

        // Both exports hold sessions of their own; none of the request pool's connections is taken.
        expect(await exportSessions()).toBe(2);
        // A background job may hold a pool connection for a moment; a paused export would hold
        // one for as long as its reader waits, so the pool must come idle while both are open.
        const pool = (t.dataSource.driver as unknown as { master: Pool }).master;
        const busy = () => pool.totalCount - pool.idleCount;
        for (let i = 0; i < 100 && busy() > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
        expect(busy()).toBe(0);
        expect(await exportSessions()).toBe(2);
        // The other tenant's everyday page is served meanwhile.
        const page = await get(`/api/v1/deployments/${other.id}/transactions?pageSize=10`, other);
        expect(page.status).toBe(200);
      } finally {
        second.close();
      }
    } finally {
      first.close();
    }
    // The slots and the sessions are given back when the readers go away.
    for (let i = 0; i < 100 && (await exportSessions()) > 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await exportSessions()).toBe(0);
    const full = await get(`/api/v1/deployments/${other.id}/transactions/export`, other);
    expect(full.status).toBe(200);
  });

  it('cuts a reader slower than the floor rate with an incomplete transfer, and frees its slot', async () => {
    const slow = await startExport(d, true);
    const started = Date.now();
    for (let i = 0; i < 400 && (await exportSessions()) === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await exportSessions()).toBe(1);
    // 10 MB at 1 MB/s would take 10 s; a reader that stopped is cut once the socket buffers are full.
    while (Date.now() - started < 30_000 && (await exportSessions()) > 0) await new Promise((r) => setTimeout(r, 100));
    expect(await exportSessions()).toBe(0);
    // The reader, reading again, finds the transfer cut short: no last chunk.
    slow.response.resume();
    const outcome = await slow.ended;
    expect(outcome.complete).toBe(false);
    expect(outcome.bytes).toBeGreaterThan(0);
    // The member may export again, and a reader that keeps up gets every row.
    const fast = await startExport(d, false);
    const result = await fast.ended;
    expect(result.complete).toBe(true);
    expect(result.bytes).toBeGreaterThan(outcome.bytes);
  });

  it("charges an export for its own statements' time, not only for its bytes", async () => {
    // Nothing matches: a few hundred bytes, one unit by size; the scan of 30,000 rows is the work.
    const path = `/api/v1/deployments/${third.id}/transactions/export?isClaimed=true&currencyIsScam=true`;
    const exported = await get(path, third);
    expect(exported.status).toBe(200);
    expect(exported.text.split('\r\n').filter((line) => line !== '')).toHaveLength(1);
    const next = await get(`/api/v1/deployments/${third.id}/transactions?pageSize=1`, third);
    const cost =
      Number(exported.headers.get('x-ratelimit-remaining')) - Number(next.headers.get('x-ratelimit-remaining'));
    expect(cost).toBeGreaterThanOrEqual(2);
  });
});
