/** Bytes of an answer that one unit of the rate limit pays for. */
export const BYTES_PER_UNIT = 50_000;
/**
 * What one request costs of its member's rate-limit budget: one unit per 50 kB of answer started
 * and per `msPerUnit` of the service's time started (API_RATE_UNIT_MS, 25 by default), whichever
 * is more, at least one. Everyday requests (a small page, a write) cost one; a full page of the
 * largest queue operations (1 MB) costs 20, and a filter that keeps the service busy for a third
 * of a second costs 14 at 25 ms a unit, so a member sending heavy requests gets that many times
 * fewer per window than light ones. The time is the request's own work: for an answer computed
 * whole (a Content-Length) its time less what it spent queued for a database connection or in
 * statements waiting on others' locks; for a CSV export the time of its own statements; for other
 * streams (event streams) none, as they wait on the client and the chain rather than work.
 */
export function requestCost(
  answer: { readonly bytes: number; readonly computedMs: number | null },
  msPerUnit: number,
): number {
  const byBytes = Math.ceil(answer.bytes / BYTES_PER_UNIT);
  const byTime = answer.computedMs === null ? 0 : Math.ceil(answer.computedMs / msPerUnit);
  return Math.max(1, byBytes, byTime);
}
