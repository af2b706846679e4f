import { Injectable } from '@nestjs/common';
import { SlidingWindowStorage, slidingWindowRecord, ThrottlerStorageRecord } from './sliding-window-record';

/** Keys kept before idle ones are swept, so a flood of distinct addresses cannot grow memory unbounded. */
const SWEEP_ABOVE_KEYS = 10_000;

/**
 * The throttler's storage for a single instance: at most `limit` admitted hits per key in any
 * `ttl` ms, kept as admission (and charge) times per key, oldest first. Expired times are dropped from the
 * front, so a hit costs amortised O(1) even with a limit in the thousands.
 */
@Injectable()
export class InMemorySlidingWindowStorage implements SlidingWindowStorage {
  private readonly hits = new Map<string, number[]>();

  increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    const recent = this.recentHits(key, ttl, now);
    const admitted = recent.length < limit;
    if (admitted) recent.push(now);
    // Charges may hold the count above the limit: a refused client waits until it drops below.
    const freeing = admitted ? recent[0] : recent[recent.length - limit];
    return Promise.resolve(slidingWindowRecord(admitted, recent.length, freeing + ttl - now));
  }

  charge(key: string, ttl: number, units: number): Promise<void> {
    const now = Date.now();
    const recent = this.recentHits(key, ttl, now);
    for (let unit = 0; unit < units; unit++) recent.push(now);
    return Promise.resolve();
  }

  private recentHits(key: string, ttl: number, now: number): number[] {
    if (this.hits.size > SWEEP_ABOVE_KEYS) this.sweep(now, ttl);
    let recent = this.hits.get(key);
    if (recent === undefined) {
      recent = [];
      this.hits.set(key, recent);
    }
    let expired = 0;
    while (expired < recent.length && recent[expired] <= now - ttl) expired++;
    if (expired > 0) recent.splice(0, expired);
    return recent;
  }

  private sweep(now: number, ttl: number): void {
    for (const [key, times] of this.hits) {
      if (times.length === 0 || times[times.length - 1] <= now - ttl) this.hits.delete(key);
    }
  }
}
