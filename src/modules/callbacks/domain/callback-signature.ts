import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret as Standard Webhooks writes it: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The three Standard Webhooks 1.0 headers for one attempt: `v1,` + base64 HMAC-SHA256, keyed with
 * the secret's decoded bytes, of `{id}.{timestamp}.{body}` (docs/contract.md, Merchants).
 */
export function signatureHeaders(
  secret: string,
  id: string,
  body: string,
  now: Date,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}
