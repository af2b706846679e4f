import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { queuePath } from '../support/queue';
import { testRedisKeyPrefix } from '../support/redis';
import { createTestApp, TestApp } from '../support/test-app';
import { obtainTokens, postRefresh, refreshDocument } from '../support/token-client';

/**
 * One rate-limit budget per member on /api/v1 and /token/, whichever credential it uses: one client
 * cannot starve the others. @nestjs/throttler's guard over a sliding window, in memory or shared
 * through Redis.
 */
describe('per-member rate limit on /api/v1 and /token/', () => {
  const LIMIT = 5;
  const nonceInfo = (d: TestDeployment) => `/api/v1/accounts/deployments/${d.id}/nonce-info`;

  const expectLimited = (res: request.Response) => {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'TOO_MANY_REQUESTS' });
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  };

  /**
   * Twenty operations of ~8.5 kB (32 approvers, 8 calls sharing the calldata cap), created by the
   * first member: a page of them is over 150 kB, four units of the budget.
   */
  const createHeavyOperations = async (t: TestApp, d: TestDeployment) => {
    const approvers = Array.from({ length: 32 }, () => evmWallet().address);
    const calls = Array.from({ length: 8 }, () => ({
      to: evmWallet().address,
      value: ((1n << 256n) - 1n).toString(),
      data: `0x${'ab'.repeat(320)}`,
    }));
    for (let i = 0; i < 20; i++) {
      await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set('x-api-key', d.members[0].apiKey)
        .send({ approvers, threshold: 1, calls })
        .expect(201);
    }
  };
  const heavyPage = (d: TestDeployment) => `${queuePath(d.id)}?pageSize=20`;

  describe('charged by what an answer costs', () => {
    const BUDGET = 40;
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_RATE_LIMIT: String(BUDGET), API_RATE_WINDOW: '60' } });
    });
    afterAll(() => t.close());

    /** Requests `path` until refused; the admitted answers, and the refusal. */
    const pullUntilRefused = async (apiKey: string, path: string) => {
      const admitted: request.Response[] = [];
      for (;;) {
        const res = await request(t.http).get(path).set('x-api-key', apiKey);
        if (res.status === 429) return { admitted, refused: res };
        expect(res.status).toBe(200);
        admitted.push(res);
      }
    };

    it('a member pulling heavy pages is refused sooner than one pulling light ones, and the headers show the cost', async () => {
      const d = await createDeployment(t, { memberCount: 3, approverCount: 1, threshold: 1 });
      await createHeavyOperations(t, d);
      const [, heavyMember, lightMember] = d.members;

      const heavy = await pullUntilRefused(heavyMember.apiKey, heavyPage(d));
      const light = await pullUntilRefused(lightMember.apiKey, nonceInfo(d));

      // An answer counts one unit in its own headers; the rest of its cost shows in the next one.
      for (let i = 1; i < heavy.admitted.length; i++) {
        const previous = heavy.admitted[i - 1];
        expect(Buffer.byteLength(previous.text)).toBeGreaterThan(150_000);
        const drop =
          Number(previous.headers['x-ratelimit-remaining']) -
          Number(heavy.admitted[i].headers['x-ratelimit-remaining']);
        expect(drop).toBeGreaterThanOrEqual(Math.ceil(Buffer.byteLength(previous.text) / 50_000));
      }
      expect(heavy.admitted.length).toBeLessThanOrEqual(Math.ceil(BUDGET / 4));
      expect(light.admitted.length).toBeGreaterThan(heavy.admitted.length * 2);
      for (const { refused } of [heavy, light]) {
        expectLimited(refused);
        expect(refused.headers['x-ratelimit-limit']).toBe(String(BUDGET));
        expect(refused.headers['x-ratelimit-remaining']).toBe('0');
        expect(refused.headers['x-ratelimit-reset']).toBe(refused.headers['retry-after']);
      }
    });
  });

  describe('charged by the time of its own work, not by waiting on others', () => {
    const BUDGET = 1000;
    const UNIT_MS = 25;
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        env: { API_RATE_LIMIT: String(BUDGET), API_RATE_WINDOW: '60', API_RATE_UNIT_MS: String(UNIT_MS) },
      });
    });
    afterAll(() => t.close());

    /** Remaining after `slow` less Remaining of the next everyday answer: what `slow` cost, in units. */
    const costOf = async (slow: request.Response, d: TestDeployment) => {
      const after = await request(t.http).get(nonceInfo(d)).set('x-api-key', d.members[0].apiKey).expect(200);
      return Number(slow.headers['x-ratelimit-remaining']) - Number(after.headers['x-ratelimit-remaining']);
    };

    it("charges a request kept waiting on another request's row lock for its own work, not the wait", async () => {
      const d = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      // A payout locks its deployment's row; another transaction holds that row (this spec's own
      // deployment, so no other spec waits), so the answer takes at least HELD_MS.
      const HELD_MS = 2_000;
      const holder = t.dataSource.createQueryRunner();
      await holder.connect();
      let slow: request.Response;
      const started = Date.now();
      try {
        await holder.startTransaction();
        await holder.query(`SELECT 1 FROM deployments WHERE id = $1 FOR UPDATE`, [d.id]);
        const answered = request(t.http)
          .post(`/api/v1/deployments/${d.id}/payouts`)
          .set('x-api-key', d.members[0].apiKey)
          .send({ deploymentId: d.id, currencyId: '1', amount: '1', toAddress: evmWallet().address })
          .then((res) => res);
        await new Promise((resolve) => setTimeout(resolve, HELD_MS));
        await holder.commitTransaction();
        slow = await answered;
      } finally {
        await holder.release();
      }
      expect(slow.status).toBe(201);
      expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS);
      // Charged for the wait, it would cost 80 units or more; its own work is a few (more on a loaded machine).
      expect(await costOf(slow, d)).toBeLessThanOrEqual(HELD_MS / UNIT_MS / 4);
    });

    it('charges a request queued for a pool connection for its own work, not the queue', async () => {
      const d = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      const pool = (t.dataSource.driver as unknown as { master: Pool }).master;
      const QUEUED_MS = 2_000;
      // Every connection of the pool taken (20), as a flood of slow requests would.
      const held = await Promise.all(Array.from({ length: 20 }, () => pool.connect()));
      const answered = request(t.http)
        .get(`/api/v1/deployments/${d.id}/transactions`)
        .set('x-api-key', d.members[0].apiKey)
        .then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, QUEUED_MS));
      for (const client of held) client.release();
      const slow = await answered;
      expect(slow.status).toBe(200);
      expect(await costOf(slow, d)).toBeLessThanOrEqual(QUEUED_MS / UNIT_MS / 4);
    });
  });

  describe('requests in flight per member (API_MAX_IN_FLIGHT)', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_RATE_LIMIT: '1000', API_MAX_IN_FLIGHT: '3' } });
    });
    afterAll(() => t.close());

    it('refuses a member its fourth concurrent request with 429 while another member is served', async () => {
      const d = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      const other = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      // Five payouts at once, each waiting on the deployment's row another transaction holds.
      const holder = t.dataSource.createQueryRunner();
      await holder.connect();
      try {
        await holder.startTransaction();
        await holder.query(`SELECT 1 FROM deployments WHERE id = $1 FOR UPDATE`, [d.id]);
        const burst = Array.from({ length: 5 }, () =>
          request(t.http)
            .post(`/api/v1/deployments/${d.id}/payouts`)
            .set('x-api-key', d.members[0].apiKey)
            .send({ deploymentId: d.id, currencyId: '1', amount: '1', toAddress: evmWallet().address })
            .then((res) => res),
        );
        // The two past the cap are answered at once, while three wait on the lock.
        const settled = await Promise.race([
          Promise.all(burst.map((answer) => answer.then((res) => res.status))),
          new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 1_500)),
        ]);
        expect(settled).toBe('waiting');
        // Another member is served meanwhile.
        await request(t.http).get(nonceInfo(other)).set('x-api-key', other.members[0].apiKey).expect(200);
        await holder.commitTransaction();
        const statuses = (await Promise.all(burst)).map((res) => res.status).sort();
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
        const refused = (await Promise.all(burst)).find((res) => res.status === 429)!;
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      } finally {
        await holder.release();
      }
      // Its requests answered, the member is served again.
      await request(t.http).get(nonceInfo(d)).set('x-api-key', d.members[0].apiKey).expect(200);
    });
  });

  describe('charged before the answer when the path was heavy last time', () => {
    const BUDGET = 40;
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_RATE_LIMIT: String(BUDGET), API_RATE_WINDOW: '60' } });
    });
    afterAll(() => t.close());

    it('admits twenty concurrent heavy pages of one member only as far as their cost fits the budget', async () => {
      const d = await createDeployment(t, { memberCount: 2, approverCount: 1, threshold: 1 });
      await createHeavyOperations(t, d);
      const reader = d.members[1].apiKey;
      const pull = () => request(t.http).get(heavyPage(d)).set('x-api-key', reader);
      const first = await pull().expect(200);
      const cost = Math.ceil(Buffer.byteLength(first.text) / 50_000);
      expect(cost).toBeGreaterThanOrEqual(4);
      const burst = await Promise.all(Array.from({ length: 20 }, pull));
      const admitted = burst.filter((res) => res.status === 200).length;
      // Each prepays the first page's cost: the budget left after it holds (40 - cost) / cost of them.
      expect(admitted).toBeLessThanOrEqual(Math.ceil((BUDGET - cost) / cost));
      expect(admitted).toBeGreaterThanOrEqual(1);
      for (const res of burst.filter((answer) => answer.status !== 200)) expectLimited(res);
    });
  });

  describe('in memory', () => {
    let t: TestApp;
    let d: TestDeployment;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_RATE_LIMIT: String(LIMIT), API_RATE_WINDOW: '60', TRUST_PROXY: 'true' } });
      d = await createDeployment(t, { memberCount: 2, approverCount: 1, threshold: 1 });
    });
    afterAll(() => t.close());

    it('answers 429 with Retry-After and the rate-limit headers once a member has used its budget', async () => {
      const [busy, other] = d.members;
      for (let i = 0; i < LIMIT; i++) {
        const res = await request(t.http).get(nonceInfo(d)).set('x-api-key', busy.apiKey).expect(200);
        expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
        expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
        const reset = Number(res.headers['x-ratelimit-reset']);
        expect(Number.isInteger(reset) && reset >= 1 && reset <= 60).toBe(true);
      }
      const refused = await request(t.http).get(nonceInfo(d)).set('x-api-key', busy.apiKey);
      expectLimited(refused);
      expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.headers['x-ratelimit-reset']).toBe(refused.headers['retry-after']);
      // Any /api/v1 route counts against the same budget, a body that would fail validation included.
      expectLimited(
        await request(t.http).post(`/api/v1/deployments/${d.id}/invoices`).set('x-api-key', busy.apiKey).send({}),
      );
      await request(t.http).get(nonceInfo(d)).set('x-api-key', other.apiKey).expect(200);
    });

    it('holds a refusal with more than a second to wait for a second, and says one second less', async () => {
      const fresh = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      const apiKey = fresh.members[0].apiKey;
      for (let i = 0; i < LIMIT; i++) await request(t.http).get(nonceInfo(fresh)).set('x-api-key', apiKey).expect(200);
      const asked = Date.now();
      const refused = await request(t.http).get(nonceInfo(fresh)).set('x-api-key', apiKey);
      expectLimited(refused);
      expect(Date.now() - asked).toBeGreaterThanOrEqual(1_000);
      // The budget was spent within the last seconds of a 60 s window: 60 s to wait, less the second held.
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(59);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(50);
    });

    it("counts a member's API key and all its tokens against one budget", async () => {
      const fresh = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
      const member = fresh.members[0];
      const first = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const second = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const credentials: Record<string, string>[] = [
        { 'x-api-key': member.apiKey },
        { Authorization: `Bearer ${first.access}` },
        { Authorization: `Bearer ${second.access}` },
      ];
      for (let i = 0; i < LIMIT; i++) {
        const res = await request(t.http)
          .get(nonceInfo(fresh))
          .set(credentials[i % 3])
          .expect(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
      }
      for (const credential of credentials) {
        expectLimited(await request(t.http).get(nonceInfo(fresh)).set(credential));
      }
      // Refreshing is the member's too: refused once its budget is spent, with the API's 429.
      const refreshed = await postRefresh(t.http, refreshDocument(first.refresh));
      expect(refreshed.status).toBe(429);
      expect(refreshed.headers['x-ratelimit-remaining']).toBe('0');
    });

    it('counts requests without a credential per client address (the public catalog)', async () => {
      const address = '203.0.113.7';
      for (let i = 0; i < LIMIT; i++) {
        await request(t.http).get('/api/v1/public/currencies?chainId=1').set('X-Forwarded-For', address).expect(200);
      }
      expectLimited(await request(t.http).get('/api/v1/public/currencies?chainId=1').set('X-Forwarded-For', address));
      await request(t.http)
        .get('/api/v1/public/currencies?chainId=1')
        .set('X-Forwarded-For', '203.0.113.8')
        .expect(200);
    });

    it('leaves the health checks and the metrics without a budget', async () => {
      for (let i = 0; i < LIMIT * 2; i++) {
        const res = await request(t.http).get('/health').expect(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    });
  });

  describe('shared through Redis (REDIS_URL set)', () => {
    const redisUrl = process.env.REACHABLE_REDIS_URL ?? '';
    const itWithRedis = redisUrl === '' ? it.skip : it;
    let a: TestApp | undefined;
    let b: TestApp | undefined;

    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    if (redisUrl === '') {
      console.warn('api-rate-limit: Redis is not reachable (set TEST_REDIS_URL); the two-instance test is skipped');
    }

    itWithRedis('two instances count one budget per member, API key and token alike', async () => {
      const env = {
        API_RATE_LIMIT: String(LIMIT),
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `${testRedisKeyPrefix()}${randomUUID()}:`,
      };
      a = await createTestApp({ env });
      b = await createTestApp({ env });
      const d = await createDeployment(a, { memberCount: 1, approverCount: 1, threshold: 1 });
      const member = d.members[0];
      const token = await obtainTokens(b.http, member.apiKey, member.apiSecret);
      const byKey = { 'x-api-key': member.apiKey };
      const byToken = { Authorization: `Bearer ${token.access}` };
      for (let i = 0; i < LIMIT; i++) {
        const res = await request((i % 2 === 0 ? a : b).http)
          .get(nonceInfo(d))
          .set(i % 2 === 0 ? byKey : byToken)
          .expect(200);
        expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
      }
      expectLimited(await request(a.http).get(nonceInfo(d)).set(byToken));
      expectLimited(await request(b.http).get(nonceInfo(d)).set(byKey));
    });

    itWithRedis("charges a heavy answer on one instance to the member's budget on the other", async () => {
      const env = {
        API_RATE_LIMIT: '100',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `${testRedisKeyPrefix()}${randomUUID()}:`,
      };
      const first = await createTestApp({ env });
      const second = await createTestApp({ env });
      try {
        const d = await createDeployment(first, { memberCount: 2, approverCount: 1, threshold: 1 });
        await createHeavyOperations(first, d);
        const reader = d.members[1];
        const page = await request(first.http).get(heavyPage(d)).set('x-api-key', reader.apiKey).expect(200);
        expect(page.headers['x-ratelimit-remaining']).toBe('99');
        const next = await request(second.http).get(nonceInfo(d)).set('x-api-key', reader.apiKey).expect(200);
        expect(99 - Number(next.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(
          Math.ceil(Buffer.byteLength(page.text) / 50_000),
        );
      } finally {
        await first.close();
        await second.close();
      }
    });
  });
});
