import { createHmac } from 'node:crypto';

const base64url = (value: object | Buffer): string =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** Builds a JWT by hand, so tests can make the tokens the service must refuse. */
export function signJwt(payload: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const signingInput = `${base64url(header)}.${base64url(payload)}`;
  return `${signingInput}.${base64url(createHmac('sha256', secret).update(signingInput).digest())}`;
}

/** An unsigned token (`alg: none`), as an attacker would send it. */
export function unsignedJwt(payload: object): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}
