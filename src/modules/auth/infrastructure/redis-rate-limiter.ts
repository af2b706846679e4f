import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { DomainError } from '../../../shared/domain/domain-error';
import { RateDecision, RateLimiter, retryAfterSeconds } from '../domain/rate-limiter';

/**
 * One sorted set per key, scored by admission time in ms. The script runs atomically, and reads
 * the clock of Redis itself, so every instance sees the same window whatever its own clock says.
 * Returns {1, 0} when admitted, {0, ms until the oldest admitted hit leaves the window} when not.
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

/** The limiter shared by every instance (REDIS_URL set). */
@Injectable()
export class RedisRateLimiter extends RateLimiter implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(redisUrl: string, keyPrefix: string, logger: Logger) {
    super();
    // Fail fast instead of queueing: a throttle that waits on a lost Redis would hang logins.
    this.redis = new Redis(redisUrl, { keyPrefix, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: true });
    this.redis.on('error', (error: Error) =>
      logger.warn({ err: { message: error.message } }, 'redis connection problem'),
    );
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    let result: [number, number];
    try {
      result = (await this.redis.eval(SLIDING_WINDOW_SCRIPT, 1, key, limit, windowMs, randomUUID())) as [
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
    const [admitted, waitMs] = result;
    return admitted === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: retryAfterSeconds(waitMs) };
  }

  async onModuleDestroy(): Promise<void> {
    // A client that never connected (no obtain request yet) has nothing to say goodbye to.
    if (this.redis.status === 'wait') this.redis.disconnect();
    else await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
