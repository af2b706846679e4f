/** Bytes of an answer that one unit of the rate limit pays for. */
export const BYTES_PER_UNIT = 50_000;
/** Milliseconds of the service's time that one unit of the rate limit pays for. */
export const MS_PER_UNIT = 500;

/**
 * What one request costs of its member's rate-limit budget: one unit per 50 kB of answer started
 * and per 500 ms of the service's time started, whichever is more, at least one. Everyday
 * requests (a small page, a write) cost exactly one; a full page of the largest queue operations
 * (1 MB) costs 20, so a member pulling heavy pages gets a twentieth as many per window as it
 * would get light requests. The time counts only for answers computed
 * whole (a Content-Length), not for streams (event streams, CSV exports), which wait on the
 * client and the chain rather than work.
 */
export function requestCost(answer: { readonly bytes: number; readonly computedMs: number | null }): number {
  const byBytes = Math.ceil(answer.bytes / BYTES_PER_UNIT);
  const byTime = answer.computedMs === null ? 0 : Math.ceil(answer.computedMs / MS_PER_UNIT);
  return Math.max(1, byBytes, byTime);
}
