import { OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import type { Logger } from 'pino';
import { InMemorySlidingWindowStorage } from './in-memory-sliding-window.storage';
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

/** How often a lost Redis is asked whether it is back. */
export const REDIS_PROBE_INTERVAL_MS = 1_000;

/**
 * The throttler's storage shared by every instance (REDIS_URL set), with the same sliding window
 * as the in-memory one. When Redis does not answer, the limits go on in this instance's own window
 * (a member gets the limit per instance rather than per deployment while it lasts) instead of
 * every request answering 503: `rate_limit_store_fallback` is 1 and one warning is logged. Redis is
 * then asked once a second whether it is back; when it answers, the shared window is used again
 * (one log line), starting from what Redis still holds.
 */
export class RedisSlidingWindowStorage implements SlidingWindowStorage, OnModuleDestroy {
  private readonly redis: Redis;
  private readonly local = new InMemorySlidingWindowStorage();
  private fallingBack = false;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    redisUrl: string,
    keyPrefix: string,
    private readonly logger: Logger,
  ) {
    // Fail fast instead of queueing: a throttle that waits on a lost Redis would hang every request.
    this.redis = new Redis(redisUrl, { keyPrefix, maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: true });
    // Connection problems show in the fallback's one warning, not a line per reconnect attempt.
    this.redis.on('error', () => undefined);
  }

  /** Whether the limits run on this instance's own window because Redis is away. */
  get usingFallback(): boolean {
    return this.fallingBack;
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    if (this.fallingBack) return this.local.increment(key, ttl, limit);
    let result: [number, number, number];
    try {
      result = (await this.redis.eval(SLIDING_WINDOW_SCRIPT, 1, key, limit, ttl, randomUUID())) as [
        number,
        number,
        number,
      ];
    } catch (error) {
      this.fallBack(error);
      return this.local.increment(key, ttl, limit);
    }
    const [admitted, hits, msUntilSlot] = result;
    return slidingWindowRecord(admitted === 1, hits, msUntilSlot);
  }

  async charge(key: string, ttl: number, units: number): Promise<void> {
    if (this.fallingBack) return this.local.charge(key, ttl, units);
    try {
      await this.redis.eval(CHARGE_SCRIPT, 1, key, ttl, randomUUID(), units);
    } catch (error) {
      this.fallBack(error);
      await this.local.charge(key, ttl, units);
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.probe);
    // A client that never connected (no limited request yet) has nothing to say goodbye to.
    if (this.redis.status === 'wait') this.redis.disconnect();
    else await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private fallBack(error: unknown): void {
    if (this.fallingBack) return;
    this.fallingBack = true;
    this.logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      "redis unreachable: rate limits fall back to this instance's own window until it answers again",
    );
    let asking = false;
    this.probe = setInterval(() => {
      if (asking) return;
      asking = true;
      this.redis
        .ping()
        .then(() => {
          if (!this.fallingBack) return;
          this.fallingBack = false;
          clearInterval(this.probe);
          this.logger.info('redis answers again: rate limits are shared through it again');
        })
        .catch(() => undefined)
        .finally(() => (asking = false));
    }, REDIS_PROBE_INTERVAL_MS);
  }
}
