import Redis from 'ioredis';
import type { Logger } from 'pino';

/**
 * The WAL position of each caller's newest write, kept for `ttlMs`: long enough that a replica
 * still within DATABASE_READ_MAX_LAG_MS has replayed it by then, so an expired entry sends the
 * caller nowhere it could miss its write.
 */
export interface CallerPositions {
  record(caller: string, lsn: bigint): Promise<void>;
  /** The caller's newest write, undefined when none is kept; `'unknown'` when the store cannot say. */
  newest(caller: string): Promise<bigint | undefined | 'unknown'>;
  close(): Promise<void>;
}

/** This instance's own memory: right when every request of a caller reaches this instance. */
export class InMemoryCallerPositions implements CallerPositions {
  private readonly positions = new Map<string, { lsn: bigint; until: number }>();
  private recorded = 0;

  constructor(private readonly ttlMs: number) {}

  record(caller: string, lsn: bigint): Promise<void> {
    const now = Date.now();
    const known = this.positions.get(caller);
    if (known === undefined || known.until < now || known.lsn < lsn)
      this.positions.set(caller, { lsn, until: now + this.ttlMs });
    else known.until = now + this.ttlMs;
    // Expired entries go now and then, so the map holds only recent writers.
    if (++this.recorded % 1000 === 0)
      for (const [key, entry] of this.positions) if (entry.until < now) this.positions.delete(key);
    return Promise.resolve();
  }

  newest(caller: string): Promise<bigint | undefined> {
    const known = this.positions.get(caller);
    return Promise.resolve(known !== undefined && known.until >= Date.now() ? known.lsn : undefined);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Keeps the greater of the stored and the given position (16 hex digits compare as text). */
const RECORD_GREATER = `
local current = redis.call('GET', KEYS[1])
if (not current) or current < ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

/** Shared by every instance through Redis (REDIS_URL), so a caller's next read may reach any of them. */
export class RedisCallerPositions implements CallerPositions {
  private readonly redis: Redis;
  /** This instance's writers too: a write whose position Redis did not take still routes its caller. */
  private readonly local: InMemoryCallerPositions;
  private warned = false;

  constructor(
    redisUrl: string,
    keyPrefix: string,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {
    this.redis = new Redis(redisUrl, { keyPrefix, maxRetriesPerRequest: 1, commandTimeout: 1_000, lazyConnect: true });
    this.redis.on('error', () => undefined);
    this.local = new InMemoryCallerPositions(ttlMs);
  }

  async record(caller: string, lsn: bigint): Promise<void> {
    await this.local.record(caller, lsn);
    try {
      await this.redis.eval(RECORD_GREATER, 1, key(caller), lsn.toString(16).padStart(16, '0'), String(this.ttlMs));
    } catch (error) {
      this.warn(error);
    }
  }

  async newest(caller: string): Promise<bigint | undefined | 'unknown'> {
    try {
      const [stored, local] = await Promise.all([this.redis.get(key(caller)), this.local.newest(caller)]);
      const shared = stored === null ? undefined : BigInt(`0x${stored}`);
      if (shared === undefined || local === undefined) return shared ?? local;
      return shared > local ? shared : local;
    } catch (error) {
      this.warn(error);
      return 'unknown';
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }

  private warn(error: unknown): void {
    if (this.warned) return;
    this.warned = true;
    // Without the store a caller's reads go to the primary: never stale, only not offloaded.
    this.logger.warn(
      { err: error },
      'Redis unreachable for read-your-writes positions; reads of writers go to the primary',
    );
  }
}

function key(caller: string): string {
  return `read-lsn:${caller}`;
}
