/**
 * Token-service time: microseconds since the Unix epoch. The token service's timestamps carry
 * microseconds and an explicit offset (`2026-11-21T20:02:55.123456+00:00`, docs/api-conventions.md), which a
 * `Date` cannot hold.
 */
export type Micros = bigint;

export const MICROS_PER_SECOND = 1_000_000n;

/** Now, to the microsecond (the monotonic clock's fraction added to the wall clock's origin). */
export function nowMicros(): Micros {
  return BigInt(Math.floor((performance.timeOrigin + performance.now()) * 1000));
}

export function plusSeconds(time: Micros, seconds: number): Micros {
  return time + BigInt(seconds) * MICROS_PER_SECOND;
}

/** JWT `iat`/`exp` are whole seconds; `ceil` so a token never expires before its advertised time. */
export function toEpochSeconds(time: Micros, rounding: 'floor' | 'ceil'): number {
  const seconds = time / MICROS_PER_SECOND;
  return Number(rounding === 'ceil' && time % MICROS_PER_SECOND !== 0n ? seconds + 1n : seconds);
}

export function toDate(time: Micros): Date {
  return new Date(Number(time / 1000n));
}

export function formatTokenTime(time: Micros): string {
  const fraction = (time % MICROS_PER_SECOND).toString().padStart(6, '0');
  return `${toDate(time).toISOString().slice(0, 19)}.${fraction}+00:00`;
}
