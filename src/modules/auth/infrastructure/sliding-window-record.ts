import type { ThrottlerStorage } from '@nestjs/throttler';

/**
 * The throttler's storage, which can also charge a request that turned out heavy: `units` more
 * hits at this moment, admitted whatever the count (the request was already served).
 */
export interface SlidingWindowStorage extends ThrottlerStorage {
  charge(key: string, ttl: number, units: number): Promise<void>;
}

/** What a storage answers for one hit (the package does not export the type by name). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The throttler's record for a sliding window: `hits` hits are in the window (this one included
 * when admitted; charges can take it past the limit), and `msUntilSlot` from now one more hit
 * fits: the oldest leaves when admitted (X-RateLimit-Reset), and when refused enough of them leave
 * for the count to drop below the limit (Retry-After), in whole seconds, at least 1. Refused hits
 * are not counted, so knocking never extends the wait.
 */
export function slidingWindowRecord(admitted: boolean, hits: number, msUntilSlot: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(msUntilSlot / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: !admitted, timeToBlockExpire: admitted ? 0 : seconds };
}
