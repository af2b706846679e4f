import { createHash, createHmac } from 'node:crypto';

/**
 * `meta.sign` of an obtain-token response (docs/authentication.md): lets a client that knows its
 * own login and password check that the refresh token came from this service.
 * key = raw 32-byte SHA-256 of UTF-8(login + password); message = UTF-8(meta.time + refresh).
 */
export function tokenResponseSignature(login: string, password: string, time: string, refresh: string): string {
  const key = createHash('sha256')
    .update(login + password, 'utf8')
    .digest();
  return createHmac('sha256', key)
    .update(time + refresh, 'utf8')
    .digest('hex');
}
