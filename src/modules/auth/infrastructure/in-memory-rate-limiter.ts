import { Injectable } from '@nestjs/common';
import { RateDecision, RateLimiter, retryAfterSeconds } from '../domain/rate-limiter';

/** Keys kept before idle ones are swept, so a flood of distinct addresses cannot grow memory unbounded. */
const SWEEP_ABOVE_KEYS = 10_000;

/**
 * The limiter for a single instance: admitted hit times per key, oldest first. Expired times are
 * dropped from the front, so a hit costs amortised O(1) even with a limit in the thousands.
 */
@Injectable()
export class InMemoryRateLimiter extends RateLimiter {
  private readonly hits = new Map<string, number[]>();

  hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = Date.now();
    if (this.hits.size > SWEEP_ABOVE_KEYS) this.sweep(now, windowMs);
    let recent = this.hits.get(key);
    if (recent === undefined) {
      recent = [];
      this.hits.set(key, recent);
    }
    let expired = 0;
    while (expired < recent.length && recent[expired] <= now - windowMs) expired++;
    if (expired > 0) recent.splice(0, expired);
    if (recent.length >= limit) {
      return Promise.resolve({ allowed: false, retryAfterSeconds: retryAfterSeconds(recent[0] + windowMs - now) });
    }
    recent.push(now);
    return Promise.resolve({ allowed: true });
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, times] of this.hits) {
      if (times.length === 0 || times[times.length - 1] <= now - windowMs) this.hits.delete(key);
    }
  }
}
