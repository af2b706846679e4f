import { randomBytes } from 'node:crypto';

/** RFC 9562 UUID version 7: 48-bit Unix milliseconds, then random bits; sorts by creation time. */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Versions 1-8 with the RFC variant, plus the nil and max UUIDs (SPEC §1, deployment id). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

export function isUuid(value: string): boolean {
  const lower = value.toLowerCase();
  return UUID_PATTERN.test(value) || lower === NIL_UUID || lower === MAX_UUID;
}
