import Redis from 'ioredis';

/** The Redis the shared-throttle tests use; override with TEST_REDIS_URL. */
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** True when a Redis answers PING at `url` within half a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * The prefix of every Redis key this test run writes: the run's own, so a developer's keys on the
 * same Redis are never touched, and the global teardown removes exactly these (`removeKeys`).
 */
export function testRedisKeyPrefix(): string {
  const prefix = process.env.TEST_REDIS_KEY_PREFIX;
  if (prefix === undefined || prefix === '') throw new Error('TEST_REDIS_KEY_PREFIX is set by the e2e global setup');
  return prefix;
}

/** Deletes every key under `prefix` (SCAN, never KEYS); answers how many there were. */
export async function removeKeys(url: string, prefix: string): Promise<number> {
  if (!/^[A-Za-z0-9:_-]+:$/.test(prefix)) throw new Error(`refusing to remove keys under ${JSON.stringify(prefix)}`);
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  await client.connect();
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) removed += await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return removed;
}
