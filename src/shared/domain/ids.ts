import { randomUUID } from 'node:crypto';

/**
 * RFC 9562 UUID version 7: 48-bit Unix milliseconds, then random bits; sorts by creation time.
 * The random part comes from `randomUUID()` (a v4, whose variant bits v7 shares), which draws on
 * a buffered entropy pool: this runs for every request id, and a fresh `randomBytes` call each
 * time showed up in profiles.
 */
export function uuidv7(now: number = Date.now()): string {
  const random = randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}

/**
 * A UUID version 7 that sorts after `previous` (RFC 9562's monotonic method): a fresh one when it
 * does, else `previous` plus one in its random bits, so ids made within one millisecond keep the
 * order they were made in.
 */
export function uuidv7After(previous: string | undefined): string {
  const fresh = uuidv7();
  if (previous === undefined || fresh > previous) return fresh;
  const next = BigInt(`0x${previous.slice(24)}`) + 1n;
  // 48 random bits just after `previous`: running out means 2^48 ids in one millisecond.
  if (next >= 1n << 48n) return fresh;
  return `${previous.slice(0, 24)}${next.toString(16).padStart(12, '0')}`;
}

/** Versions 1-8 with the RFC variant, plus the nil and max UUIDs (docs/api-conventions.md, deployment id). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

export function isUuid(value: string): boolean {
  const lower = value.toLowerCase();
  return UUID_PATTERN.test(value) || lower === NIL_UUID || lower === MAX_UUID;
}
