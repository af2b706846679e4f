import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';
import { obtainTokens } from '../support/token-client';

/**
 * Per-credential limits on /api/v1 (issue 15 item 2): one client cannot starve the others. The
 * same sliding-window limiter as the token-service throttle, in memory or shared through Redis.
 */
describe('per-credential rate limit on /api/v1', () => {
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

  describe('in memory', () => {
    let t: TestApp;
    let d: TestDeployment;

    beforeAll(async () => {
      t = await createTestApp({ env: { API_RATE_LIMIT: String(LIMIT), API_RATE_WINDOW: '60', TRUST_PROXY: 'true' } });
      d = await createDeployment(t, { memberCount: 2, approverCount: 1, threshold: 1 });
    });
    afterAll(() => t.close());

    it('answers 429 with Retry-After once an API key has used its budget, and only for that key', async () => {
      const [busy, other] = d.members;
      for (let i = 0; i < LIMIT; i++) await request(t.http).get(nonceInfo(d)).set('x-api-key', busy.apiKey).expect(200);
      expectLimited(await request(t.http).get(nonceInfo(d)).set('x-api-key', busy.apiKey));
      // Any /api/v1 route counts against the same budget, a body that would fail validation included.
      expectLimited(
        await request(t.http).post(`/api/v1/deployments/${d.id}/invoices`).set('x-api-key', busy.apiKey).send({}),
      );
      await request(t.http).get(nonceInfo(d)).set('x-api-key', other.apiKey).expect(200);
    });

    it("counts a member's access tokens together, however many it obtains", async () => {
      const member = d.members[1];
      const first = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      const second = await obtainTokens(t.http, member.apiKey, member.apiSecret);
      // One request was already spent by the previous test with the API key (a separate bucket).
      for (let i = 0; i < LIMIT; i++) {
        const token = i % 2 === 0 ? first.access : second.access;
        await request(t.http).get(nonceInfo(d)).set('Authorization', `Bearer ${token}`).expect(200);
      }
      expectLimited(await request(t.http).get(nonceInfo(d)).set('Authorization', `Bearer ${first.access}`));
      expectLimited(await request(t.http).get(nonceInfo(d)).set('Authorization', `Bearer ${second.access}`));
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

    it('leaves the health checks and the token service to their own rules', async () => {
      for (let i = 0; i < LIMIT * 2; i++) await request(t.http).get('/health').expect(200);
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

    itWithRedis('two instances count one budget', async () => {
      const env = {
        API_RATE_LIMIT: String(LIMIT),
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
      };
      a = await createTestApp({ env });
      b = await createTestApp({ env });
      const d = await createDeployment(a, { memberCount: 1, approverCount: 1, threshold: 1 });
      const key = d.members[0].apiKey;
      for (let i = 0; i < LIMIT; i++) {
        await request((i % 2 === 0 ? a : b).http)
          .get(nonceInfo(d))
          .set('x-api-key', key)
          .expect(200);
      }
      expectLimited(await request(a.http).get(nonceInfo(d)).set('x-api-key', key));
      expectLimited(await request(b.http).get(nonceInfo(d)).set('x-api-key', key));
    });
  });
});
