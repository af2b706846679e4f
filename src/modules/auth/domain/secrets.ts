import { hash, randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/** scrypt cost: N=2^15, r=8, p=1 (≈ 32 MiB, tens of milliseconds): memory-hard (docs/authentication.md) */
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** 32 random bytes each, shown once to the member and never stored in clear. */
export function newCredentials(): { apiKey: string; apiSecret: string } {
  return { apiKey: randomBytes(32).toString('hex'), apiSecret: randomBytes(32).toString('base64url') };
}

/**
 * API keys are looked up by their SHA-256 (they are random, so a fast hash is enough). Every request
 * with a key runs this: the one-shot `hash` makes no Hash object, about half the time of
 * `createHash(…).update(…).digest(…)`.
 */
export function apiKeyDigest(apiKey: string): string {
  return hash('sha256', apiKey, 'hex');
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(secret, salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** Hashed in place of a missing member's secret so that unknown logins cost as much as wrong passwords. */
export const DUMMY_SECRET_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;
