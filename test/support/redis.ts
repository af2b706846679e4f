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
