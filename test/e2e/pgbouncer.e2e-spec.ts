import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import request from 'supertest';
import { createDataSource, dataSourceOptions } from '../../ormconfig';
import { PooledDataSource } from '../../src/database/pooled-data-source';
import { loadConfig, sessionDatabaseUrl } from '../../src/config/app-config';
import { openDatabase } from '../../src/database/database-runtime';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { tryLeadChain } from '../../src/modules/chain/infrastructure/chain-leadership';
import { createLogger } from '../../src/shared/logging/logger';
import { createDeployment, TestDeployment } from '../support/builders';
import { CallbackReceiver, eventually, startReceiver } from '../support/callback-receiver';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { EventStreamClient } from '../support/event-stream';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { PgBouncer, pgbouncerBinary, startPgBouncer } from '../support/pgbouncer';
import { executionEvent, getOperation, OperationBody, sign, submission } from '../support/queue';
import { insertTestCurrencies } from '../support/test-currencies';
import { createTestApp, TEST_JWT_SECRET, TestApp } from '../support/test-app';

jest.setTimeout(180_000);

const binary = pgbouncerBinary();
if (binary === undefined) {
  console.warn(
    'pgbouncer: the pgbouncer binary is missing (apt-get install pgbouncer); the transaction-mode tests are skipped',
  );
}
const describeWithPgBouncer = binary === undefined ? describe.skip : describe;

/** Seconds the 16 clients run; PGBOUNCER_LOAD_SECONDS shortens or lengthens it. */
const LOAD_SECONDS = Number(process.env.PGBOUNCER_LOAD_SECONDS ?? '12');

/**
 * The service behind PgBouncer 1.18 in transaction pooling mode (DATABASE_POOL_MODE=transaction),
 * with its session work (LISTEN, advisory locks, migrations, export cursors) on
 * DATABASE_SESSION_URL, straight to PostgreSQL. The pooler runs with fewer server connections than
 * the app's pool, so transactions of different clients really do share server connections.
 */
describeWithPgBouncer('behind PgBouncer in transaction mode', () => {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `pgbouncer_${randomBytes(4).toString('hex')}`;
  let directUrl: string;
  let pooledUrl: string;
  let bouncer: PgBouncer;
  let t: TestApp;
  let base: string;
  let receiver: CallbackReceiver;
  let d: TestDeployment;
  const env = () => ({
    DATABASE_URL: pooledUrl,
    DATABASE_POOL_MODE: 'transaction',
    DATABASE_SESSION_URL: directUrl,
  });

  beforeAll(async () => {
    directUrl = await ensureDatabase(serverUrl, databaseName);
    bouncer = await startPgBouncer(serverUrl, { poolSize: 4 });
    pooledUrl = bouncer.through(directUrl);
    receiver = await startReceiver();
    // Three instances prepare the fresh database at once, as three containers starting together.
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, ...env() });
    await Promise.all([1, 2, 3].map(() => openDatabase(config, createLogger('silent'))));
    await insertTestCurrencies(directUrl);
    t = await createTestApp({
      databaseUrl: pooledUrl,
      env: {
        ...env(),
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        CALLBACK_WORKER: 'true',
        CALLBACK_ALLOW_PRIVATE: 'true',
        CALLBACK_POLL_INTERVAL_MS: '50',
        CALLBACK_RETRY_SCHEDULE_MS: '0,200,200,200',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    d = await createDeployment(t);
    // Callbacks are signed with the account's secret: without one, none is sent.
    await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/callback-secret`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(201);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await bouncer?.stop();
    await dropDatabase(serverUrl, databaseName);
  });

  it('is needed: the session-mode pool is refused by PgBouncer (startup parameters)', async () => {
    const sessionMode = createDataSource(pooledUrl, 'session');
    await expect(sessionMode.initialize()).rejects.toThrow(/unsupported startup parameter/);
  });

  it('is needed: named statements behind PgBouncer 1.18 fail once transactions share server connections', async () => {
    // Transaction mode's pool options, but the names of session mode (the PooledDataSource default).
    const naming = await new PooledDataSource(dataSourceOptions(pooledUrl, 'transaction')).initialize();
    try {
      const texts = Array.from({ length: 8 }, (_, i) => `SELECT $1::int + ${i} AS n`);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => naming.query(texts[i % texts.length], [i])),
      );
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failures.length).toBeGreaterThan(0);
      expect(String((failures[0] as PromiseRejectedResult).reason)).toMatch(/prepared statement/);
    } finally {
      await naming.destroy();
    }
  });

  it('migrated once with three instances starting together, the lock and migrations on the session URL', async () => {
    const client = new Client({ connectionString: directUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: number }>(
        `SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name`,
      );
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.filter((row) => row.times !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('runs every statement with the settings, set per transaction', async () => {
    // Nothing of the app's pool sets a per-connection parameter: every pooled connection's
    // settings come from SET LOCAL in its transactions.
    expect(await t.dataSource.query(`SELECT current_setting('statement_timeout') AS timeout`, [])).toEqual([
      { timeout: '15s' },
    ]);
    expect(
      await t.dataSource.transaction((manager) =>
        manager.query(`SELECT current_setting('max_parallel_workers_per_gather') AS workers`),
      ),
    ).toEqual([{ workers: '0' }]);
    // And the server's own default is not it: the settings come from the service, per transaction.
    const direct = new Client({ connectionString: directUrl });
    await direct.connect();
    try {
      expect(
        (await direct.query<{ statement_timeout: string }>(`SHOW statement_timeout`)).rows[0].statement_timeout,
      ).not.toBe('15s');
    } finally {
      await direct.end();
    }
  });

  it('pays an invoice from chain events: the payment page stream (LISTEN) and its callbacks, each once', async () => {
    const created = await createInvoice(
      t,
      d,
      invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT], callbackUrl: receiver.url }),
    );
    expect(created.status).toBe(201);
    const invoice = created.body as { id: string; publicId: string; invoiceAddress: string };
    const stream = await EventStreamClient.open(`${base}/api/v1/public/invoices/${invoice.publicId}/events`);
    try {
      await stream.until(() => stream.events.length === 1, 'the first event');
      const [result] = await ingest(t, [
        transfer(d, invoice.invoiceAddress, ETH_USDT, '10000000', 'CONFIRMED', { confirmations: 12 }),
      ]);
      expect(result).toMatchObject({ applied: true, error: null });
      await stream.until(() => stream.ended, 'the end after PAID');
      expect(stream.invoices().at(-1)).toMatchObject({ status: 'PAID', paidAmount: '10' });
    } finally {
      stream.close();
    }
    const forInvoice = () =>
      receiver.received.filter((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === invoice.id);
    // Created, deposit received, confirmed, paid.
    await eventually(() => forInvoice().length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = forInvoice().map((r) => String(r.headers['webhook-id']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('executes a payout: created, signed, executed by a chain event', async () => {
    const as = { 'x-api-key': d.members[0].apiKey };
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set(as)
      .send({ deploymentId: d.id, currencyId: d.chainId, amount: '1.5', toAddress: `0x${'ab'.repeat(20)}` });
    expect(created.status).toBe(201);
    const payout = created.body as { id: string; queueOperationId: string };
    const operation = (await getOperation(t, d, d.members[0], payout.queueOperationId).expect(200))
      .body as OperationBody;
    for (const member of d.approvers.slice(0, d.threshold))
      await sign(t, d, member, operation.id, await submission(member, d, '1.2.0-evm', operation)).expect(200);
    const [result] = await ingest(t, [executionEvent(d, [operation.id], 'EXECUTED', txHash(), eventId())]);
    expect(result).toMatchObject({ applied: true, error: null });
    const after = await request(t.http).get(`/api/v1/deployments/${d.id}/payouts/${payout.id}`).set(as);
    expect(after.body).toMatchObject({ status: 'EXECUTED' });
  });

  it('exports over a cursor on the session URL, not through the pooler', async () => {
    const invoice = (await createInvoice(t, d, invoiceBody({ requestedAmount: '7', currencyIds: [ETH_USDT] })))
      .body as { invoiceAddress: string };
    const hash = txHash();
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'PENDING', { hash, confirmations: 0 })]);
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions/export`)
      .set('x-api-key', d.members[0].apiKey);
    expect(res.status).toBe(200);
    // The cursor's connection is made from this: the session URL, with the settings as startup parameters.
    expect((t.dataSource as PooledDataSource).sessionClientConfig('export')).toMatchObject({
      connectionString: directUrl,
      statement_timeout: 15000,
      options: '-c max_parallel_workers_per_gather=0',
    });
    expect(res.text).toContain(hash);
  });

  it('leads a chain on the session URL, and another instance takes over when the leader goes', async () => {
    const url = sessionDatabaseUrl(t.config);
    expect(url).toBe(directUrl);
    const chainId = `pgbouncer-${randomBytes(3).toString('hex')}`;
    const leader = await tryLeadChain(url, chainId);
    expect(leader).toBeDefined();
    expect(await tryLeadChain(url, chainId)).toBeUndefined();
    await leader!.release();
    const next = await tryLeadChain(url, chainId);
    expect(next).toBeDefined();
    await next!.release();
  });

  it(`serves 16 concurrent clients for ${LOAD_SECONDS} s without a prepared-statement or LISTEN failure`, async () => {
    const deployments = await Promise.all(Array.from({ length: 4 }, () => createDeployment(t, { memberCount: 1 })));
    const invoices = await Promise.all(
      deployments.map(async (deployment) => {
        const res = await createInvoice(t, deployment, invoiceBody({ requestedAmount: '5', currencyIds: [ETH_USDT] }));
        return res.body as { id: string; publicId: string; invoiceAddress: string };
      }),
    );
    // Streams stay open through the load: each holds a watcher on the LISTEN connection.
    const streams = await Promise.all(
      invoices.map((invoice) => EventStreamClient.open(`${base}/api/v1/public/invoices/${invoice.publicId}/events`)),
    );
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const until = Date.now() + LOAD_SECONDS * 1000;
    const client = async (n: number) => {
      const deployment = deployments[n % deployments.length];
      const invoice = invoices[n % invoices.length];
      const headers = { 'x-api-key': deployment.members[0].apiKey, 'content-type': 'application/json' };
      for (let i = 0; Date.now() < until; i++) {
        const kind = (n + i) % 5;
        const res =
          kind === 0
            ? await fetch(`${base}/api/v1/deployments/${deployment.id}/invoices`, {
                method: 'POST',
                headers,
                body: JSON.stringify(invoiceBody({ requestedAmount: '1', currencyIds: [ETH_USDT] })),
              })
            : kind === 1
              ? await fetch(`${base}/api/v1/deployments/${deployment.id}/invoices/${invoice.id}`, { headers })
              : kind === 2
                ? await fetch(`${base}/api/v1/deployments/${deployment.id}/transactions?pageSize=20`, { headers })
                : kind === 3
                  ? await fetch(`${base}/api/v1/public/invoices/${invoice.publicId}`)
                  : await fetch(`${base}/api/v1/deployments/${deployment.id}/invoices?pageSize=20`, { headers });
        const body = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) failures.push(`${res.status} ${body.slice(0, 300)}`);
      }
    };
    try {
      await Promise.all(Array.from({ length: 16 }, (_, n) => client(n)));
      // The streams still carry changes after the load: a deposit on each invoice reaches its stream.
      await ingest(
        t,
        deployments.map((deployment, i) =>
          transfer(deployment, invoices[i].invoiceAddress, ETH_USDT, '1000000', 'PENDING', { confirmations: 0 }),
        ),
      );
      for (const stream of streams) await stream.until(() => stream.events.length >= 2, 'the deposit after the load');
    } finally {
      for (const stream of streams) stream.close();
    }
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    console.info(
      `pgbouncer: ${total} requests in ${LOAD_SECONDS} s by 16 clients, statuses ${JSON.stringify([...statuses])}`,
    );
    expect(failures).toEqual([]);
    expect(total).toBeGreaterThan(16 * LOAD_SECONDS);
    expect([...statuses.keys()].every((status) => status < 400)).toBe(true);
    expect(bouncer.log()).not.toMatch(/prepared statement/i);
  });
});
