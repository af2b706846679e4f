export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * A sliding-window limit: at most `limit` admitted hits per key in any `windowMs`. Refused hits
 * are not counted, so a client that keeps knocking is let in again as soon as its oldest admitted
 * hit leaves the window. Implementations: in memory (one instance) or Redis (shared).
 */
export abstract class RateLimiter {
  abstract hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

/** Whole seconds until the oldest admitted hit leaves the window; at least 1. */
export function retryAfterSeconds(msUntilSlotFrees: number): number {
  return Math.max(1, Math.ceil(msUntilSlotFrees / 1000));
}
