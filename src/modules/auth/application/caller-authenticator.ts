import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { hkdfSync } from 'node:crypto';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { LOGGER } from '../../../shared/logging/logging.module';
import { Caller, callerFromRow, CallerLookup, CallerLookups, CallerRow } from '../domain/caller';
import { apiKeyDigest } from '../domain/secrets';
import { signInSite } from '../domain/sign-in-policy';
import { TOKEN_ALGORITHM, TokenClaims } from '../domain/token-claims';
import {
  csrfTokenMatches,
  csrfTokenOf,
  isStateChanging,
  readCookie,
  SESSION_TOKEN_TYPE,
  sessionCookieName,
} from '../domain/wallet-session';

export interface CredentialHeaders {
  readonly apiKey?: string;
  readonly authorization?: string;
  /**
   * The `Cookie` header. The wallet session's cookie is the credential only when neither of the
   * headers above is sent: a request that names a credential itself is never a cookie request.
   */
  readonly cookie?: string;
  /** The request's method and `X-CSRF-Token`, for the CSRF rule of cookie-authenticated writes. */
  readonly method?: string;
  readonly csrfToken?: string;
}

/** What a request offers to read its credentials from (an Express request fits). */
export interface CredentialSource {
  readonly method: string;
  header(name: string): string | undefined;
}

/** Every credential a request carries, read the one way every guard reads them. */
export function credentialHeadersOf(req: CredentialSource): CredentialHeaders {
  return {
    apiKey: req.header('x-api-key'),
    authorization: req.header('authorization'),
    cookie: req.header('cookie'),
    method: req.method,
    csrfToken: req.header('x-csrf-token'),
  };
}

/** API keys whose member is remembered for the rate limit; beyond it the oldest are forgotten. */
const MEMBER_BY_KEY_CACHE_SIZE = 10_000;

/** Longer values are not keys of ours (they are 64 hex characters); never hashed or looked up. */
const MAX_API_KEY_LENGTH = 256;

/** `lastUsedAt` of a scoped key is written at most this often: never a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Keys whose last write this instance remembers; beyond it the oldest are forgotten. */
const TOUCHED_KEYS_CACHE_SIZE = 10_000;

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/** The one 401 of every credential that does not admit, whatever the cause. */
export const UNAUTHENTICATED = () => new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing token');

/** Longer cookie values are not session tokens of ours; never verified. */
const MAX_SESSION_TOKEN_LENGTH = 4096;

export function csrfTokenInvalid(): DomainError {
  return new DomainError(
    'forbidden',
    'CSRF_TOKEN_INVALID',
    'A write authenticated by the session cookie must carry the X-CSRF-Token header given at sign-in',
  );
}

/**
 * Turns request credentials into a Caller (docs/authentication.md): an API key, a Bearer access
 * token from the token service, or the wallet session's cookie, whose session is still live. Every
 * failure is the same 401, whatever the cause. The CSRF rule of cookie-authenticated writes lives
 * here too, so no route can be reached with the cookie without it.
 */
@Injectable()
export class CallerAuthenticator {
  /** API key digest → member id. A key never changes member, so an entry is never stale. */
  private readonly memberByKeyDigest = new Map<string, string>();
  /** Scoped key id → when this instance last wrote (or saw) its `lastUsedAt`, in ms. */
  private readonly keyTouchedAt = new Map<string, number>();
  readonly sessionCookieName: string;
  /** Derived with a label, so the JWT secret itself never signs a CSRF token. */
  private readonly csrfKey: Buffer;

  constructor(
    private readonly jwt: JwtService,
    private readonly lookups: CallerLookups,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sessionCookieName = sessionCookieName(signInSite(config.publicBaseUrl).protocol);
    this.csrfKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, '', 'deployments-api csrf tokens', 32));
  }

  /** The CSRF token of a wallet session: what its cookie writes must send as X-CSRF-Token. */
  csrfTokenOf(sessionId: string): string {
    return csrfTokenOf(this.csrfKey, sessionId);
  }

  /**
   * The member a credential names, for counting its requests against one budget whichever
   * credential it uses; undefined when the credential names none. Unlike `authenticate` this is
   * not an admission check (a revoked session's token still names its member): access guards
   * still decide, after the rate limit. A token costs a signature check, an API key one query the
   * first time it is seen.
   */
  async memberIdOf(headers: CredentialHeaders): Promise<string | undefined> {
    if (headers.authorization !== undefined) {
      const match = BEARER.exec(headers.authorization);
      return match === null ? undefined : this.memberIdOfToken(match[1]);
    }
    if (headers.apiKey === undefined) {
      const session = this.sessionTokenOf(headers.cookie);
      return session === undefined ? undefined : this.memberIdOfToken(session);
    }
    const apiKey = headers.apiKey;
    if (apiKey === undefined || apiKey.length === 0 || apiKey.length > MAX_API_KEY_LENGTH) return undefined;
    const digest = apiKeyDigest(apiKey);
    const known = this.memberByKeyDigest.get(digest);
    if (known !== undefined) return known;
    const row = await this.lookups.run({ kind: 'api_key', apiKeyDigest: digest });
    if (row === undefined) return undefined;
    if (this.memberByKeyDigest.size >= MEMBER_BY_KEY_CACHE_SIZE) {
      this.memberByKeyDigest.delete(this.memberByKeyDigest.keys().next().value as string);
    }
    this.memberByKeyDigest.set(digest, row.id);
    return row.id;
  }

  /** The member a correctly signed token of ours (access, refresh or session) names, expired or not yet. */
  async memberIdOfToken(token: string): Promise<string | undefined> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<TokenClaims>>(token, {
        algorithms: [TOKEN_ALGORITHM],
        ignoreExpiration: true,
      });
      return typeof claims.user_id === 'string' ? claims.user_id : undefined;
    } catch {
      return undefined;
    }
  }

  async authenticate(headers: CredentialHeaders): Promise<Caller> {
    return this.resolve(await this.lookup(headers));
  }

  /**
   * What can be checked without the database (the key's shape, the token's signature, expiry and
   * type): the credential to look its member up by, or a 401.
   */
  async lookup(headers: CredentialHeaders): Promise<CallerLookup> {
    const lookup =
      headers.authorization !== undefined
        ? await this.bearerLookup(headers.authorization)
        : headers.apiKey !== undefined
          ? this.apiKeyLookup(headers.apiKey)
          : await this.cookieLookup(headers);
    if (lookup === undefined) throw UNAUTHENTICATED();
    return lookup;
  }

  /** Runs a lookup on its own: the caller, or a 401. */
  async resolve(lookup: CallerLookup): Promise<Caller> {
    return this.caller(lookup, await this.lookups.run(lookup));
  }

  /**
   * The caller a lookup's row names (with its role on the route's account, when the row came with
   * one); a 401 when the lookup found no row. Marks a scoped key used (see `touchKey`).
   */
  caller(lookup: CallerLookup, row: CallerRow | undefined, role?: string | null): Caller {
    if (row === undefined) throw UNAUTHENTICATED();
    if (row.key_id !== null) this.touchKey(row.key_id, row.key_last_used_at);
    return callerFromRow(lookup, row, role);
  }

  /**
   * `lastUsedAt` without a write per request: only when the stored value (read by the lookup
   * anyway) is a minute old, and only once a minute per key from this instance; the UPDATE's own
   * condition keeps several instances to one write a minute too. Not awaited: the request does not
   * wait for it, and a failure costs only a late `lastUsedAt`.
   */
  private touchKey(keyId: string, storedAt: Date | null): void {
    const now = Date.now();
    if (storedAt !== null && now - storedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    const touchedAt = this.keyTouchedAt.get(keyId);
    if (touchedAt !== undefined && now - touchedAt < LAST_USED_RESOLUTION_MS) return;
    if (this.keyTouchedAt.size >= TOUCHED_KEYS_CACHE_SIZE) {
      this.keyTouchedAt.delete(this.keyTouchedAt.keys().next().value as string);
    }
    this.keyTouchedAt.set(keyId, now);
    this.lookups.touchKey(keyId).catch((error: unknown) => {
      this.logger.warn({ event: 'api_key_touch_failed', keyId, err: error }, 'lastUsedAt of an API key not written');
    });
  }

  private async bearerLookup(authorization: string): Promise<CallerLookup | undefined> {
    const match = BEARER.exec(authorization);
    if (match === null) return undefined;
    let claims: TokenClaims;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(match[1], { algorithms: [TOKEN_ALGORITHM] });
    } catch {
      return undefined;
    }
    // jsonwebtoken checks `exp` only when the token has one: a token without it would never expire.
    if (
      claims.token_type !== 'access' ||
      typeof claims.sid !== 'string' ||
      typeof claims.user_id !== 'string' ||
      typeof claims.exp !== 'number'
    )
      return undefined;
    // The session is checked by the lookup on every request: revocation stays immediate.
    return { kind: 'jwt', sessionId: claims.sid, memberId: claims.user_id, via: 'TOKEN' };
  }

  /**
   * The wallet session's cookie: a session token of ours, unexpired; a write must also carry the
   * session's CSRF token (403 CSRF_TOKEN_INVALID). A page of another site can make a browser send
   * the cookie (SameSite=Strict aside) but can neither read the token nor set the header.
   */
  private async cookieLookup(headers: CredentialHeaders): Promise<CallerLookup | undefined> {
    const token = this.sessionTokenOf(headers.cookie);
    if (token === undefined) return undefined;
    let claims: Partial<TokenClaims>;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: [TOKEN_ALGORITHM] });
    } catch {
      return undefined;
    }
    if (
      claims.token_type !== SESSION_TOKEN_TYPE ||
      typeof claims.sid !== 'string' ||
      typeof claims.user_id !== 'string' ||
      typeof claims.exp !== 'number'
    )
      return undefined;
    if (isStateChanging(headers.method ?? 'GET') && !csrfTokenMatches(this.csrfKey, claims.sid, headers.csrfToken)) {
      throw csrfTokenInvalid();
    }
    return { kind: 'jwt', sessionId: claims.sid, memberId: claims.user_id, via: 'SESSION' };
  }

  private sessionTokenOf(cookieHeader: string | undefined): string | undefined {
    const token = readCookie(cookieHeader, this.sessionCookieName);
    return token === undefined || token.length === 0 || token.length > MAX_SESSION_TOKEN_LENGTH ? undefined : token;
  }

  private apiKeyLookup(apiKey: string): CallerLookup | undefined {
    if (apiKey.length === 0 || apiKey.length > MAX_API_KEY_LENGTH) return undefined;
    return { kind: 'api_key', apiKeyDigest: apiKeyDigest(apiKey) };
  }
}
