/*
 * The one rule for a list's inclusive time bounds (`createdFrom`, `updatedTo`, `createdAtFrom`, …).
 * Stored timestamps have millisecond precision, and a bound may be given finer (microseconds, say):
 * it is rounded inward to the millisecond, so the bound still means "at or after" / "at or before".
 * `created_at >= 10.0005` is `created_at >= 10.001`; `created_at <= 10.0005` is `created_at <= 10.000`.
 * The value was validated as an ISO 8601 timestamp at the edge.
 */

export function lowerTimestampBound(value: string): Date;
export function lowerTimestampBound(value: string | undefined): Date | undefined;
export function lowerTimestampBound(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return new Date(hasSubMillisecond(value) ? ms + 1 : ms);
}

export function upperTimestampBound(value: string): Date;
export function upperTimestampBound(value: string | undefined): Date | undefined;
export function upperTimestampBound(value: string | undefined): Date | undefined {
  // Date.parse drops the digits past the millisecond: toward the past, inward for an upper bound.
  return value === undefined ? undefined : new Date(Date.parse(value));
}

function hasSubMillisecond(value: string): boolean {
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  return /[1-9]/.test(fraction.slice(3));
}
