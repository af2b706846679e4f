import { randomInt } from 'node:crypto';

/**
 * An invoice's public id (docs/api-conventions.md): milliseconds since the epoch shifted left 22 bits, OR 22 random
 * bits. Positive, under 2^63 until the year 2248, and time-ordered, so it fits a signed `bigint`
 * column and sorts like the invoices do. Uniqueness is still the database's job.
 */
export function newPublicId(now: number = Date.now()): bigint {
  return (BigInt(now) << 22n) | BigInt(randomInt(1 << 22));
}
