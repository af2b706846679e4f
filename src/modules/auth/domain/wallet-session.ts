import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A wallet sign-in session, carried by an HTTP-only cookie (docs/authentication.md, Sign-in with a
 * wallet). The cookie holds a JWT of the token service's (`token_type: "session"`, with the
 * session's `sid`), so the session is one row of `auth_sessions` like any token-service session, and
 * revoking that row ends it at once.
 */
export const SESSION_TOKEN_TYPE = 'session';

/**
 * The cookie's name. Over https it carries the `__Host-` prefix, which browsers accept only on a
 * Secure cookie for the whole host (Path=/, no Domain), so no other site or subdomain can set it.
 */
export function sessionCookieName(protocol: string): string {
  return protocol === 'https:' ? '__Host-session' : 'session';
}

/** A cookie's value in a `Cookie` header; undefined when it is not there. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** Methods that change state: with the cookie, they must carry the session's CSRF token. */
export function isStateChanging(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

/**
 * The session's CSRF token: derived from its id with a key of the service's, so it is stored
 * nowhere and only the service can compute it. A page of another site cannot read it (the cookie is
 * HTTP-only and the token is only in the sign-in and session answers), so it cannot send it.
 */
export function csrfTokenOf(key: Buffer, sessionId: string): string {
  return createHmac('sha256', key).update(`csrf:${sessionId}`, 'utf8').digest('base64url');
}

export function csrfTokenMatches(key: Buffer, sessionId: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(csrfTokenOf(key, sessionId), 'utf8');
  const given = Buffer.from(presented, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
