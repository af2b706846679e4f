import { randomInt } from 'node:crypto';
import { DomainError } from '../../../shared/domain/domain-error';
import type { SignInMessage } from './sign-in-message';

/** A nonce from `GET /api/v1/auth/nonce` works once, for this long. */
export const NONCE_TTL_MS = 5 * 60_000;
/** A message must have been issued within this long before it is presented… */
export const ISSUED_AT_WINDOW_MS = 5 * 60_000;
/** …give or take this much difference between the signer's clock and the service's. */
export const CLOCK_SKEW_MS = 60_000;

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 32 letters and digits: about 190 bits, far past guessing, and what EIP-4361 allows in a nonce. */
const NONCE_LENGTH = 32;

export function newSignInNonce(): string {
  let nonce = '';
  for (let index = 0; index < NONCE_LENGTH; index++) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

/** The one code of every refused sign-in; the message says what the person can do about it. */
export const SIGN_IN_REFUSED = 'SIGN_IN_REFUSED';

export function signInRefused(message: string): DomainError {
  return new DomainError('unauthenticated', SIGN_IN_REFUSED, message);
}

/** Where this service is reached, as a signed message must name it. */
export interface SignInSite {
  /** `https:` or `http:`. */
  readonly protocol: string;
  /** `host[:port]`, the port only when it is not the scheme's default. */
  readonly host: string;
  readonly origin: string;
}

export function signInSite(publicBaseUrl: string): SignInSite {
  const url = new URL(publicBaseUrl);
  return { protocol: url.protocol, host: url.host, origin: url.origin };
}

/**
 * Everything about a message that needs neither the signature nor the database: the site it names,
 * its version and its times. Each refusal says what to do next.
 */
export function checkSignInMessage(message: SignInMessage, site: SignInSite, now: Date): void {
  if (message.domain.toLowerCase() !== site.host.toLowerCase()) {
    throw signInRefused(
      `The message is for ${message.domain}, not for this service (${site.host}): sign in from ${site.origin}`,
    );
  }
  if (message.scheme !== null && `${message.scheme.toLowerCase()}:` !== site.protocol) {
    throw signInRefused(`The message names the scheme ${message.scheme}; this service is ${site.origin}`);
  }
  if (new URL(message.uri).origin !== site.origin) {
    throw signInRefused(`The message's URI ${message.uri} is not on ${site.origin}: sign in from ${site.origin}`);
  }
  if (message.version !== '1') {
    throw signInRefused(`The message has Version ${message.version}; only version 1 is accepted`);
  }
  const time = now.getTime();
  if (message.issuedAt.getTime() > time + CLOCK_SKEW_MS) {
    throw signInRefused(
      `The message is dated in the future (Issued At ${message.issuedAt.toISOString()}): check your device's clock and sign again`,
    );
  }
  if (message.issuedAt.getTime() < time - ISSUED_AT_WINDOW_MS - CLOCK_SKEW_MS) {
    throw signInRefused('The message was issued more than 5 minutes ago: sign a new one');
  }
  if (message.expirationTime !== null && message.expirationTime.getTime() <= time) {
    throw signInRefused(`The message expired at ${message.expirationTime.toISOString()}: sign a new one`);
  }
  if (message.notBefore !== null && message.notBefore.getTime() > time + CLOCK_SKEW_MS) {
    throw signInRefused(
      `The message is not valid before ${message.notBefore.toISOString()}: sign in then, or sign a message without Not Before`,
    );
  }
}

/** What became of a nonce presented at sign-in. */
export type NonceUse = 'consumed' | 'unknown' | 'used' | 'expired';

/** The refusal for every nonce that was not consumed by this sign-in. */
export function nonceRefusal(use: Exclude<NonceUse, 'consumed'>): DomainError {
  switch (use) {
    case 'unknown':
      return signInRefused('The nonce was not issued by this service: ask for a new nonce and sign again');
    case 'used':
      return signInRefused('The nonce has already been used: ask for a new nonce and sign again');
    case 'expired':
      return signInRefused('The nonce has expired (a nonce lasts 5 minutes): ask for a new nonce and sign again');
  }
}
