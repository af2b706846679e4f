import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  MetricsPortServer,
  SCRAPES_PER_WINDOW,
  SNAPSHOT_MAX_AGE_MS,
} from '../../src/modules/health/metrics.controller';
import { Metrics } from '../../src/shared/metrics/metrics';
import { createDeployment } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { spacedScraper } from '../support/metrics-scrape';
import { createTestApp, TestApp } from '../support/test-app';

/** One sample of the Prometheus text format: `name{a="1",b="2"} value`. */
interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** Parses the exposition format; a line that is neither a comment nor a sample fails the test. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]] = pair[2];
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample | undefined {
  return samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

// Polygon: a catalog EVM chain no other spec indexes, so its checkpoint row is this spec's own.
const CHAIN = '137';

describe('GET /metrics', () => {
  let t: TestApp;
  let scrape: () => Promise<request.Response>;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        [`RPC_URL_${CHAIN}`]: 'http://127.0.0.1:9',
        INDEXER_ENABLED: 'false',
        // The callback and notification workers poll on a pool connection every second: a scrape
        // landing on a poll read 1 in use where the idle-pool test expects 0 (with a 10 ms poll,
        // every run). Off, the pool is idle between this spec's own requests.
        CALLBACK_WORKER: 'false',
        NOTIFY_WORKER: 'false',
      },
    });
    scrape = spacedScraper(t.http);
    await t.dataSource.query(
      `INSERT INTO indexer_checkpoints (chain_id, next_block, head_block) VALUES ($1, 1001, 1010)
       ON CONFLICT (chain_id) DO UPDATE SET next_block = 1001, head_block = 1010`,
      [CHAIN],
    );
  });
  afterAll(async () => {
    await t.dataSource.query(`DELETE FROM indexer_checkpoints WHERE chain_id = $1`, [CHAIN]);
    await t.close();
  });

  it('serves every documented metric in the Prometheus text format', async () => {
    const d = await createDeployment(t, { status: 'not_deployed' });
    await request(t.http)
      .get(`/api/v1/accounts/deployments/${d.id}/nonce-info`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    await request(t.http).get('/no/such/route/123').expect(404);
    const results = await ingest(t, [
      {
        eventId: eventId(),
        kind: 'deploy',
        chainId: d.chainId,
        deploymentAddress: d.address,
        txHash: txHash(),
        status: 'PENDING',
      },
    ]);
    expect(results[0].applied).toBe(true);

    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseMetrics(res.text);

    // Labelled by the route pattern, never by the raw URL with its ids.
    const pattern = '/api/v1/accounts/deployments/:deploymentId/nonce-info';
    const requests = find(samples, 'http_request_duration_seconds_count', {
      method: 'GET',
      route: pattern,
      status_code: '200',
    });
    expect(requests?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, 'http_request_duration_seconds_bucket', { route: pattern, le: '+Inf' })).toBeDefined();
    expect(
      find(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBeDefined();
    expect(res.text).not.toContain(d.id);
    expect(res.text).not.toContain('/no/such/route');

    expect(find(samples, 'db_pool_connections_in_use')?.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'db_pool_requests_waiting')?.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'indexer_head_block', { chain_id: CHAIN })?.value).toBe(1010);
    expect(find(samples, 'indexer_checkpoint_block', { chain_id: CHAIN })?.value).toBe(1000);
    expect(find(samples, 'indexer_lag_blocks', { chain_id: CHAIN })?.value).toBe(10);
    expect(find(samples, 'callbacks_due')?.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'callbacks_failed_total')?.value).toBe(0);
    expect(find(samples, 'chain_events_applied_total', { kind: 'deploy' })?.value).toBe(1);
    // prom-client's default process and Node.js metrics.
    expect(find(samples, 'process_cpu_user_seconds_total')).toBeDefined();
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toBeDefined();
    expect(find(samples, 'process_resident_memory_bytes')?.value).toBeGreaterThan(0);
  });

  it('counts the callback backlog from the database', async () => {
    const before = find(parseMetrics((await scrape()).text), 'callbacks_due')!.value;
    const d = await createDeployment(t);
    const rows: { account_id: string }[] = await t.dataSource.query(
      `SELECT account_id FROM deployments WHERE id = $1`,
      [d.id],
    );
    await t.dataSource.query(
      `INSERT INTO callbacks (id, account_id, deployment_id, url, type, status, operation_id, operation_type, body,
                              next_attempt_at, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, 'https://merchant.example/hook', 'operation.signed', 'CREATED',
               gen_random_uuid(), 'payout', '{}', now() - interval '1 second', now(), now())`,
      [rows[0].account_id, d.id],
    );
    // The text is a snapshot at most a second old.
    await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_MAX_AGE_MS + 100));
    const after = find(parseMetrics((await scrape()).text), 'callbacks_due')!.value;
    expect(after).toBeGreaterThanOrEqual(before + 1);
  });

  it('samples the pool without counting its own queries: an idle pool reads 0 waiting on every scrape', async () => {
    for (let i = 0; i < 5; i++) {
      const samples = parseMetrics((await scrape()).text);
      expect(find(samples, 'db_pool_requests_waiting')?.value).toBe(0);
      expect(find(samples, 'db_pool_connections_in_use')?.value).toBe(0);
    }
  });

  it('labels catalog answers, first computed or remembered, with one route pattern per route', async () => {
    const id = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
    const routesOf = (text: string) =>
      parseMetrics(text)
        .filter(
          (sample) => sample.name === 'http_request_duration_seconds_count' && sample.labels.status_code === '200',
        )
        .map((sample) => ({ route: sample.labels.route, value: sample.value }));
    const before = routesOf((await scrape()).text);
    // The first of each is routed to its handler; the rest are answered from memory before routing.
    for (let i = 0; i < 3; i++) {
      await request(t.http).get(`/api/v1/public/currencies/${id}`).expect(200);
      await request(t.http).get('/api/v1/public/currencies?chainId=1').expect(200);
    }
    const after = routesOf((await scrape()).text);
    const grown = after
      .map(({ route, value }) => ({ route, by: value - (before.find((b) => b.route === route)?.value ?? 0) }))
      .filter(({ by }) => by > 0)
      .sort((a, b) => a.route.localeCompare(b.route));
    expect(grown).toEqual([
      { route: '/api/v1/public/currencies', by: 3 },
      { route: '/api/v1/public/currencies/:id', by: 3 },
      { route: '/metrics', by: 1 },
    ]);
  });

  it('carries no rate-limit headers and needs no API credential', async () => {
    const res = await scrape();
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  describe('with METRICS_TOKEN', () => {
    let guarded: TestApp;
    beforeAll(async () => {
      guarded = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token-123' } });
    });
    afterAll(() => guarded.close());

    it('answers 401 without the bearer token or with a wrong one, 200 with it', async () => {
      const missing = await request(guarded.http).get('/metrics').expect(401);
      expect(missing.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect(missing.text).not.toContain('process_cpu');
      await request(guarded.http).get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
      await request(guarded.http).get('/metrics').set('Authorization', 'scrape-token-123').expect(401);
      const ok = await request(guarded.http)
        .get('/metrics')
        .set('Authorization', 'Bearer scrape-token-123')
        .expect(200);
      expect(ok.text).toContain('http_request_duration_seconds');
    });
  });
});

describe('CORS', () => {
  const ORIGIN = 'https://app.example.com';

  describe('with CORS_ORIGINS listing origins', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { CORS_ORIGINS: `${ORIGIN}, https://admin.example.com` } });
    });
    afterAll(() => t.close());

    it('answers a preflight from a listed origin with 204 and the allowed methods and headers', async () => {
      const res = await request(t.http)
        .options('/api/v1/deployments/00000000-0000-0000-0000-000000000000/invoices')
        .set('Origin', ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, x-api-key, idempotency-key')
        .expect(204);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(res.headers['access-control-allow-headers']).toBe(
        'content-type, x-api-key, authorization, idempotency-key, x-request-id',
      );
      expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(res.headers.vary).toMatch(/Origin/);
      // A preflight is not a request: it spends no rate-limit budget.
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('exposes the request id, Retry-After and the rate-limit headers on an actual request', async () => {
      const res = await request(t.http).get('/api/v1/public/currencies?chainId=1').set('Origin', ORIGIN).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      const exposed = res.headers['access-control-expose-headers'].split(', ');
      expect(exposed).toEqual(
        expect.arrayContaining([
          'X-Request-Id',
          'Retry-After',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
        ]),
      );
      // And on an error, so a browser app can read why it was refused.
      const refused = await request(t.http).get('/api/v1/accounts').set('Origin', ORIGIN).expect(401);
      expect(refused.headers['access-control-allow-origin']).toBe(ORIGIN);
    });

    it('gives an origin not on the list no CORS headers', async () => {
      const preflight = await request(t.http)
        .options('/api/v1/public/currencies?chainId=1')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'GET')
        .expect(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
      const res = await request(t.http)
        .get('/api/v1/public/currencies?chainId=1')
        .set('Origin', 'https://evil.example')
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  it('with CORS_ORIGINS=* allows any origin', async () => {
    const t = await createTestApp({ env: { CORS_ORIGINS: '*' } });
    try {
      const res = await request(t.http)
        .options('/token/')
        .set('Origin', 'https://anywhere.example')
        .set('Access-Control-Request-Method', 'POST')
        .expect(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await t.close();
    }
  });

  it('without CORS_ORIGINS sends no CORS headers and has no preflight route', async () => {
    const t = await createTestApp();
    try {
      const res = await request(t.http).get('/api/v1/public/currencies?chainId=1').set('Origin', ORIGIN).expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      await request(t.http)
        .options('/api/v1/public/currencies?chainId=1')
        .set('Origin', ORIGIN)
        .set('Access-Control-Request-Method', 'GET')
        .expect(404);
    } finally {
      await t.close();
    }
  });

  describe('a flood of scrapes', () => {
    let flooded: TestApp;
    let port: number;
    beforeAll(async () => {
      flooded = await createTestApp();
      await flooded.app.listen(0, '127.0.0.1');
      port = (flooded.http.address() as AddressInfo).port;
    });
    afterAll(() => flooded.close());

    const scrape = (from: string) =>
      new Promise<{ status: number; retryAfter?: string; text: string }>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: '/metrics', localAddress: from, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: res.headers['retry-after'] as string | undefined,
              text,
            }),
          );
        }).on('error', reject);
      });

    it('renders once for concurrent scrapes, throttles one address at 10 per 10 s and serves another', async () => {
      const renders = jest.spyOn(flooded.app.get(Metrics).registry, 'metrics');
      try {
        const answers = await Promise.all(Array.from({ length: 15 }, () => scrape('127.0.0.1')));
        const served = answers.filter((answer) => answer.status === 200);
        expect(served).toHaveLength(SCRAPES_PER_WINDOW);
        expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15 - SCRAPES_PER_WINDOW);
        expect(Number(answers.find((answer) => answer.status === 429)!.retryAfter)).toBeGreaterThanOrEqual(1);
        // One snapshot served them all.
        expect(new Set(served.map((answer) => answer.text)).size).toBe(1);
        expect(renders).toHaveBeenCalledTimes(1);
        const other = await scrape('127.0.0.2');
        expect(other.status).toBe(200);
        expect(other.text).toContain('process_cpu_user_seconds_total');
      } finally {
        renders.mockRestore();
      }
    });
  });

  describe('with METRICS_PORT', () => {
    let own: TestApp;
    beforeAll(async () => {
      own = await createTestApp({ env: { METRICS_PORT: '0' }, captureLogs: true });
    });
    afterAll(() => own.close());

    it('serves the metrics on their own port only, and says so at start', async () => {
      const port = own.app.get(MetricsPortServer).port!;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      await request(own.http).get('/metrics').expect(404);
      expect(own.logs.some((line) => line.includes('metrics: GET /metrics on METRICS_PORT'))).toBe(true);
    });
  });
});
