import { randomInt, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { createMember, TestMember } from '../support/builders';
import { testRedisKeyPrefix } from '../support/redis';
import { createTestApp, TestApp } from '../support/test-app';
import {
  jsonApiBody,
  obtainDocument,
  obtainTokens,
  postObtain,
  postRefresh,
  refreshDocument,
} from '../support/token-client';

/** A client address of its own per test, so tests never share a bucket. */
const clientAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Spends `count` obtain requests (malformed ones: counted as well, and cheap). */
async function spend(http: Server, count: number, headers: () => Record<string, string>): Promise<void> {
  for (let request = 0; request < count; request++) await postObtain(http, {}, headers()).expect(400);
}

function expectThrottled(res: { status: number; headers: Record<string, string>; text: string }): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(JSON.parse(res.text)).toEqual({
    errors: [
      {
        status: '429',
        code: 'throttled',
        detail: `Request was throttled. Expected available in ${retryAfter} seconds.`,
      },
    ],
  });
}

describe('obtain-token throttle (docs/authentication.md)', () => {
  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let t: TestApp;
    let member: TestMember;

    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
      member = await createMember(t);
    });
    afterAll(() => t.close());

    it('refuses the 16th obtain request within 60 s from one address with 429 and Retry-After', async () => {
      const address = clientAddress();
      await spend(t.http, 14, () => ({ 'X-Forwarded-For': address }));
      const last = await postObtain(t.http, obtainDocument(member.apiKey, member.apiSecret), {
        'X-Forwarded-For': address,
      }).expect(200);
      expect(last.headers['x-ratelimit-limit']).toBe('15');
      expect(last.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(last.headers['x-ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expectThrottled(
        await postObtain(t.http, obtainDocument(member.apiKey, member.apiSecret), { 'X-Forwarded-For': address }),
      );
    });

    it('counts per client address, and does not count refreshes against the obtain budget', async () => {
      const address = clientAddress();
      const { refresh } = await obtainTokens(t.http, member.apiKey, member.apiSecret, { 'X-Forwarded-For': address });
      await spend(t.http, 14, () => ({ 'X-Forwarded-For': address }));
      expectThrottled(await postObtain(t.http, {}, { 'X-Forwarded-For': address }));
      await postObtain(t.http, obtainDocument(member.apiKey, member.apiSecret), {
        'X-Forwarded-For': clientAddress(),
      }).expect(200);
      expect(
        jsonApiBody<{ data: { type: string } }>(await postRefresh(t.http, refreshDocument(refresh)).expect(200)).data
          .type,
      ).toBe('auth-token');
    });
  });

  describe('without TRUST_PROXY', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('ignores X-Forwarded-For: a client cannot dodge the limit by varying it', async () => {
      await spend(t.http, 15, () => ({ 'X-Forwarded-For': clientAddress() }));
      expectThrottled(await postObtain(t.http, {}, { 'X-Forwarded-For': clientAddress() }));
    });
  });

  it("keeps limiting on the instance's own window when the shared store (Redis) cannot be reached", async () => {
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      // Answered (400 for the empty document), not 503, and still counted: the 16th is refused.
      await spend(t.http, 15, () => ({}));
      expectThrottled(await postObtain(t.http, {}));
    } finally {
      await t.close();
    }
  });

  const redisUrl = process.env.REACHABLE_REDIS_URL ?? '';
  if (redisUrl === '') {
    // A visible note rather than a silent pass: the shared limit was not exercised in this run.
    console.warn('auth-throttle: Redis is not reachable (set TEST_REDIS_URL); the shared-limit test is skipped');
  }
  (redisUrl === '' ? describe.skip : describe)('shared through Redis (REDIS_URL)', () => {
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      // A prefix of this run's own: parallel runs on one Redis never share counters.
      const env = {
        TRUST_PROXY: 'true',
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: `${testRedisKeyPrefix()}${randomUUID()}:`,
      };
      first = await createTestApp({ env });
      second = await createTestApp({ env });
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('counts the requests of every instance against one limit', async () => {
      const address = clientAddress();
      const headers = () => ({ 'X-Forwarded-For': address });
      await spend(first.http, 8, headers);
      await spend(second.http, 7, headers);
      expectThrottled(await postObtain(first.http, {}, headers()));
      expectThrottled(await postObtain(second.http, {}, headers()));
      await postObtain(second.http, {}, { 'X-Forwarded-For': clientAddress() }).expect(400);
    });
  });
});
