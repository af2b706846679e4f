import { Client } from 'pg';
import request from 'supertest';
import { ensureDatabase } from '../../src/database/database-setup';
import { PooledDataSource } from '../../src/database/pooled-data-source';
import { REPLICA_POLL_MS } from '../../src/database/read-replicas';
import { prepareDatabase } from '../../src/database/prepare-database';
import { createLogger } from '../../src/shared/logging/logger';
import { createDeployment, TestDeployment, TestMember } from '../support/builders';
import { eventually } from '../support/callback-receiver';
import { createInvoice, ETH_USDT, invoiceBody } from '../support/invoices';
import { DEFAULT_TEST_REDIS_URL, redisAnswers, testRedisKeyPrefix } from '../support/redis';
import { Cluster, Clusters, postgresBinDir } from '../support/postgres-cluster';
import { insertTestCurrencies } from '../support/test-currencies';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(180_000);

const bin = postgresBinDir();
if (bin === undefined) {
  console.warn('read-replicas: initdb, pg_ctl or pg_basebackup is missing; the streaming-replica tests are skipped');
}
const describeWithPostgres = bin === undefined ? describe.skip : describe;

/**
 * A primary and a streaming replica of its own (initdb, then `pg_basebackup -R`), and the app with
 * DATABASE_READ_URLS naming the replica. With the replica's replay paused, a row the primary has
 * and the replica does not tells which of the two answered a read.
 */
describeWithPostgres('read replicas (DATABASE_READ_URLS)', () => {
  const DATABASE = 'replicas_e2e';
  let clusters: Clusters;
  let primary: Cluster;
  let replica: Cluster;
  let t: TestApp;
  let d: TestDeployment;
  let writer: TestMember;
  let other: TestMember;

  /** The first row `sql` returns on one server of the pair, on a connection of its own. */
  const firstRow = async <T>(cluster: Cluster, sql: string): Promise<T> => {
    const client = new Client({ connectionString: cluster.url(DATABASE) });
    await client.connect();
    try {
      return (await client.query(sql)).rows[0] as T;
    } finally {
      await client.end();
    }
  };
  const onReplica = <T>(sql: string): Promise<T> => firstRow<T>(replica, sql);
  const getInvoice = (member: TestMember, id: string) =>
    request(t.http).get(`/api/v1/deployments/${d.id}/invoices/${id}`).set('x-api-key', member.apiKey);
  const replicas = () => (t.dataSource as PooledDataSource).readReplicas!;

  beforeAll(async () => {
    clusters = new Clusters(bin!);
    primary = await clusters.primary();
    const url = await ensureDatabase(primary.url(), DATABASE);
    await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
    await insertTestCurrencies(url);
    replica = await clusters.replicaOf(primary);
    t = await createTestApp({
      databaseUrl: url,
      env: { DATABASE_READ_URLS: replica.url(DATABASE), DATABASE_READ_MAX_LAG_MS: '60000' },
    });
    d = await createDeployment(t, { memberCount: 2 });
    [writer, other] = d.members;
    // The replica has the deployment before the tests read from it.
    await eventually(
      async () =>
        (await onReplica<{ n: number }>(`SELECT count(*)::int AS n FROM deployments WHERE id = '${d.id}'`)).n === 1,
    );
  });
  afterAll(async () => {
    await t?.close();
    await clusters?.removeAll();
  });

  it('reads a member its own write although the replica has not replayed it, and another member from the replica', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '3', currencyIds: [ETH_USDT] }), writer);
      expect(created.status).toBe(201);
      const id = (created.body as { id: string }).id;
      // The writer's next read, at once: the primary answers.
      const own = await getInvoice(writer, id);
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ invoice: { id, requestedAmount: '3' } });
      // Another member's read comes from the replica, which does not have the invoice yet.
      const stale = await getInvoice(other, id);
      expect(stale.status).toBe(404);
      expect(await onReplica<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE id = '${id}'`)).toEqual({
        n: 0,
      });
      // The writer keeps reading the primary while the replica stays behind.
      await new Promise((resolve) => setTimeout(resolve, 3 * REPLICA_POLL_MS));
      expect((await getInvoice(writer, id)).status).toBe(200);

      await onReplica('SELECT pg_wal_replay_resume()');
      await eventually(async () => (await getInvoice(other, id)).status === 200);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()').catch(() => undefined);
    }
  });

  it('shares a member position through Redis: its write on one instance, its read on another', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
    if (!(await redisAnswers(redisUrl))) {
      console.warn('read-replicas: Redis is not reachable (set TEST_REDIS_URL); the two-instance test is skipped');
      return;
    }
    const env = {
      DATABASE_READ_URLS: replica.url(DATABASE),
      DATABASE_READ_MAX_LAG_MS: '60000',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: testRedisKeyPrefix(),
    };
    const a = await createTestApp({ databaseUrl: primary.url(DATABASE), env });
    const b = await createTestApp({ databaseUrl: primary.url(DATABASE), env });
    // The replica first replays everything the primary has, so the first app's memory of the
    // writer's write in the test before (a position the replica may not have reached on a loaded
    // machine) does not send the writer to the primary below.
    const { lsn } = await firstRow<{ lsn: string }>(primary, 'SELECT pg_current_wal_lsn()::text AS lsn');
    await eventually(
      async () => (await onReplica<{ done: boolean }>(`SELECT pg_last_wal_replay_lsn() >= '${lsn}' AS done`)).done,
    );
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await createInvoice(a, d, invoiceBody({ requestedAmount: '6', currencyIds: [ETH_USDT] }), writer);
      const id = (created.body as { id: string }).id;
      const readOn = (app: TestApp, member: TestMember) =>
        request(app.http).get(`/api/v1/deployments/${d.id}/invoices/${id}`).set('x-api-key', member.apiKey);
      // B never saw the write, yet sends the writer to the primary; another member reads the replica.
      expect((await readOn(b, writer)).status).toBe(200);
      expect((await readOn(b, other)).status).toBe(404);
      // The first app keeps positions in its own memory: it knows nothing of the write made on A,
      // and sends the writer to the replica once it has seen the replica past the writer's last
      // write there (it polls every REPLICA_POLL_MS). Knowing of A's write, it would answer 200.
      await eventually(async () => (await getInvoice(writer, id)).status === 404);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
      await a.close();
      await b.close();
    }
  });

  it('reports each replica lag as database_replica_lag_seconds', async () => {
    const res = await request(t.http).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^database_replica_lag_seconds\{replica="0"\} \d+(\.\d+)?$/m);
  });

  it('skips a replica further behind than DATABASE_READ_MAX_LAG_MS', async () => {
    const strict = await createTestApp({
      databaseUrl: primary.url(DATABASE),
      env: { DATABASE_READ_URLS: replica.url(DATABASE), DATABASE_READ_MAX_LAG_MS: '2000' },
    });
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await createInvoice(
        strict,
        d,
        invoiceBody({ requestedAmount: '4', currencyIds: [ETH_USDT] }),
        writer,
      );
      const id = (created.body as { id: string }).id;
      const read = () =>
        request(strict.http).get(`/api/v1/deployments/${d.id}/invoices/${id}`).set('x-api-key', other.apiKey);
      // Within the lag allowed the replica still serves, stale...
      expect((await read()).status).toBe(404);
      // ...past it, the primary does.
      await eventually(async () => (await read()).status === 200, 5_000);
      const lag = (strict.dataSource as PooledDataSource).readReplicas!.lagSeconds()[0].seconds;
      expect(lag).toBeGreaterThan(2);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
      await strict.close();
    }
  });

  it('fails no request when the replica stops, and skips it within a second', async () => {
    const created = await createInvoice(t, d, invoiceBody({ requestedAmount: '5', currencyIds: [ETH_USDT] }), writer);
    const id = (created.body as { id: string }).id;
    await eventually(async () => (await getInvoice(other, id)).status === 200);
    expect(replicas().status()[0].healthy).toBe(true);

    await replica.stop('immediate');
    const stoppedAt = Date.now();
    // Reads right after the stop, before any poll noticed: each falls back to the primary.
    const answers = await Promise.all(Array.from({ length: 20 }, () => getInvoice(other, id)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    await eventually(() => !replicas().status()[0].healthy, 1_000);
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);
    const later = await Promise.all(Array.from({ length: 20 }, () => getInvoice(other, id)));
    expect(later.map((res) => res.status)).toEqual(Array(20).fill(200));

    // Back up, it serves again.
    await replica.start();
    await eventually(() => replicas().status()[0].healthy, 10_000);
  });
});
