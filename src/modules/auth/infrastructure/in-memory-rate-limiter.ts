import { Injectable } from '@nestjs/common';
import { RateDecision, RateLimiter, retryAfterSeconds } from '../domain/rate-limiter';

/** Keys kept before idle ones are swept, so a flood of distinct addresses cannot grow memory unbounded. */
const SWEEP_ABOVE_KEYS = 10_000;

/** The limiter for a single instance: admitted hit times per key. */
@Injectable()
export class InMemoryRateLimiter extends RateLimiter {
  private readonly hits = new Map<string, number[]>();

  hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const now = Date.now();
    if (this.hits.size > SWEEP_ABOVE_KEYS) this.sweep(now, windowMs);
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - windowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return Promise.resolve({ allowed: false, retryAfterSeconds: retryAfterSeconds(recent[0] + windowMs - now) });
    }
    recent.push(now);
    this.hits.set(key, recent);
    return Promise.resolve({ allowed: true });
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, times] of this.hits) {
      if (times[times.length - 1] <= now - windowMs) this.hits.delete(key);
    }
  }
}
