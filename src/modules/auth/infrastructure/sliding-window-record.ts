import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a storage answers for one hit (the package does not export the type by name). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The throttler's record for a sliding window: `hits` admitted hits are in the window (this one
 * included when admitted), and the oldest of them leaves it in `msUntilOldestLeaves`. That is when
 * a refused client is let in again (Retry-After) and when one more slot frees (X-RateLimit-Reset),
 * in whole seconds, at least 1. Refused hits are not counted, so knocking never extends the wait.
 */
export function slidingWindowRecord(
  admitted: boolean,
  hits: number,
  msUntilOldestLeaves: number,
): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(msUntilOldestLeaves / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: !admitted, timeToBlockExpire: admitted ? 0 : seconds };
}
