import { OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { DomainError } from '../../../shared/domain/domain-error';
import { SlidingWindowStorage, slidingWindowRecord, ThrottlerStorageRecord } from './sliding-window-record';

/**
 * One sorted set per key, scored by admission (or charge) time in ms. The scripts run atomically,
 * and read the clock of Redis itself, so every instance sees the same window whatever its own
 * clock says. Returns {admitted 1|0, hits in the window, ms until one more hit fits}: until the
 * oldest leaves when admitted, until the count drops below the limit when refused (charges can
 * hold it above).
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local hits = redis.call('ZCARD', key)
local admitted = 0
local freeing = 0
if hits < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  admitted = 1
  hits = hits + 1
else
  freeing = hits - limit
end
local slot = redis.call('ZRANGE', key, freeing, freeing, 'WITHSCORES')
return {admitted, hits, tonumber(slot[2]) + window - now}
`;

/** `ARGV[3]` hits at Redis's now, each its own member, whatever the count. */
const CHARGE_SCRIPT = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
for unit = 1, tonumber(ARGV[3]) do
  redis.call('ZADD', key, now, ARGV[2] .. ':' .. unit)
end
redis.call('PEXPIRE', key, window)
return 1
`;

/**
 * The throttler's storage shared by every instance (REDIS_URL set), with the same sliding window
 * as the in-memory one. It fails closed: when Redis does not answer, the request is refused with
 * 503 rather than let through uncounted.
 */
export class RedisSlidingWindowStorage implements SlidingWindowStorage, OnModuleDestroy {
  private readonly redis: Redis;

  constructor(redisUrl: string, keyPrefix: string, logger: Logger) {
    // Fail fast instead of queueing: a throttle that waits on a lost Redis would hang every request.
    this.redis = new Redis(redisUrl, { keyPrefix, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: true });
    this.redis.on('error', (error: Error) =>
      logger.warn({ err: { message: error.message } }, 'redis connection problem'),
    );
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    let result: [number, number, number];
    try {
      result = (await this.redis.eval(SLIDING_WINDOW_SCRIPT, 1, key, limit, ttl, randomUUID())) as [
        number,
        number,
        number,
      ];
    } catch {
      throw new DomainError(
        'unavailable',
        'SERVICE_UNAVAILABLE',
        'Service temporarily unavailable, retry later',
        [],
        5,
      );
    }
    const [admitted, hits, msUntilSlot] = result;
    return slidingWindowRecord(admitted === 1, hits, msUntilSlot);
  }

  async charge(key: string, ttl: number, units: number): Promise<void> {
    await this.redis.eval(CHARGE_SCRIPT, 1, key, ttl, randomUUID(), units);
  }

  async onModuleDestroy(): Promise<void> {
    // A client that never connected (no limited request yet) has nothing to say goodbye to.
    if (this.redis.status === 'wait') this.redis.disconnect();
    else await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
