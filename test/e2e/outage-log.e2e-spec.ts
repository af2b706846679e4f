import { Client } from 'pg';
import request from 'supertest';
import { createDeployment } from '../support/builders';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * A real outage of the app's database (its sessions ended, new ones refused): the requests it
 * fails are 503, and the log says so once per cause with a count instead of an error line with a
 * stack per request.
 */
describe('an outage does not flood the log', () => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let admin: Client;
  let name: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase('outage_log');
    name = new URL(scratch.url).pathname.slice(1);
    t = await createTestApp({ databaseUrl: scratch.url, captureLogs: true });
    admin = new Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await t?.close().catch(() => undefined);
    await admin?.end();
    await scratch?.drop();
  });

  it('answers 503 to 200 requests during the outage and logs a few warnings, no error lines', async () => {
    const d = await createDeployment(t);
    const path = `/api/v1/accounts/deployments/${d.id}/nonce-info`;
    await request(t.http).get(path).set('x-api-key', d.members[0].apiKey).expect(200);

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
    const logged = t.logs.length;
    const statuses: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => request(t.http).get(path).set('x-api-key', d.members[0].apiKey)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status !== 503)).toEqual([]);
    const lines = t.logs.slice(logged).map((line) => JSON.parse(line) as { level: number; msg: string });
    const failures = lines.filter((line) => /requests failed|request failed/.test(line.msg));
    // pino levels: 40 warn, 50 error.
    expect(failures.filter((line) => line.level >= 50)).toEqual([]);
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(5);
    console.log(`outage: ${statuses.length} requests answered 503, ${failures.length} log lines about them`);

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    for (let i = 0; i < 50; i += 1) {
      const res = await request(t.http).get(path).set('x-api-key', d.members[0].apiKey);
      if (res.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the service did not recover after the outage');
  });
});
