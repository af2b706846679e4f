import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A private redis-server on `port`, without persistence; resolves once it answers. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: 'ignore',
  });
  const client = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    for (let i = 0; i < 100; i += 1) {
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return child;
      } catch {
        client.disconnect();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error('redis-server did not start');
  } finally {
    client.disconnect();
  }
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * A lost Redis (a private redis-server of the test's own, stopped and started again) does not stop
 * the service: the rate limits run on the instance's own window meanwhile, with a metric and a log
 * line, and go back to Redis when it answers.
 */
describe('rate limits when Redis is lost', () => {
  const LIMIT = 8;
  let t: TestApp;
  let port: number;
  let redis: ChildProcess;
  let d: TestDeployment;
  let other: TestDeployment;
  const prefix = `fallback-test-${process.pid}-${Date.now()}:`;
  const nonceInfo = (deployment: TestDeployment) => `/api/v1/accounts/deployments/${deployment.id}/nonce-info`;
  const ask = (deployment: TestDeployment) =>
    request(t.http).get(nonceInfo(deployment)).set('x-api-key', deployment.members[0].apiKey);
  const fallbackMetric = async () =>
    Number(/^rate_limit_store_fallback (\d+)$/m.exec((await request(t.http).get('/metrics')).text)?.[1]);

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    t = await createTestApp({
      env: {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        REDIS_KEY_PREFIX: prefix,
        API_RATE_LIMIT: String(LIMIT),
        API_RATE_WINDOW: '60',
      },
      captureLogs: true,
    });
    d = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
    other = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
  });
  afterAll(async () => {
    await t?.close();
    if (redis !== undefined) await stopRedis(redis);
  });

  it('serves and limits on its own window while Redis is stopped, says so, and returns to Redis', async () => {
    // With Redis: counted there.
    await ask(d).expect(200);
    const inspect = new Redis(port, '127.0.0.1');
    try {
      expect(await inspect.keys(`${prefix}api:member:*`)).toHaveLength(1);
    } finally {
      inspect.disconnect();
    }
    expect(await fallbackMetric()).toBe(0);

    await stopRedis(redis);
    // Redis stopped: answered, not 503, and still limited per member.
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i += 1) answers.push((await ask(d)).status);
    expect(answers.filter((status) => status === 503)).toEqual([]);
    expect(answers.slice(0, LIMIT - 1)).toEqual(Array.from({ length: LIMIT - 1 }, () => 200));
    expect(answers.at(-1)).toBe(429);
    // The other tenant is served meanwhile.
    await ask(other).expect(200);
    expect(await fallbackMetric()).toBe(1);
    expect(t.logs.filter((line) => line.includes('redis unreachable'))).toHaveLength(1);

    // Redis back (empty, no persistence): within the probe interval the shared window is used again.
    redis = await startRedis(port);
    for (let i = 0; i < 100 && (await fallbackMetric()) !== 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await fallbackMetric()).toBe(0);
    expect(t.logs.some((line) => line.includes('redis answers again'))).toBe(true);
    await ask(other).expect(200);
    const after = new Redis(port, '127.0.0.1');
    try {
      // Redis came back empty: the one key in it is the request counted after it returned.
      expect(await after.keys(`${prefix}api:member:*`)).toHaveLength(1);
    } finally {
      after.disconnect();
    }
  });
});
