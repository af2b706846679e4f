import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DomainError } from '../../../shared/domain/domain-error';
import { Caller, callerFromRow, CallerLookup, CallerLookups, CallerRow } from '../domain/caller';
import { apiKeyDigest } from '../domain/secrets';
import { TOKEN_ALGORITHM, TokenClaims } from '../domain/token-claims';

export interface CredentialHeaders {
  readonly apiKey?: string;
  readonly authorization?: string;
}

/** API keys whose member is remembered for the rate limit; beyond it the oldest are forgotten. */
const MEMBER_BY_KEY_CACHE_SIZE = 10_000;

/** Longer values are not keys of ours (they are 64 hex characters); never hashed or looked up. */
const MAX_API_KEY_LENGTH = 256;

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

const UNAUTHENTICATED = () => new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing token');

/**
 * Turns request credentials into a Caller (docs/authentication.md): an API key, or a Bearer access token from the
 * token service whose session is still live. Every failure is the same 401, whatever the cause.
 */
@Injectable()
export class CallerAuthenticator {
  /** API key digest → member id. A key never changes member, so an entry is never stale. */
  private readonly memberByKeyDigest = new Map<string, string>();

  constructor(
    private readonly jwt: JwtService,
    private readonly lookups: CallerLookups,
  ) {}

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

  /** The member a correctly signed token of ours (access or refresh) names, expired or not yet. */
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
          : undefined;
    if (lookup === undefined) throw UNAUTHENTICATED();
    return lookup;
  }

  /** Runs a lookup on its own: the caller, or a 401. */
  async resolve(lookup: CallerLookup): Promise<Caller> {
    return this.caller(lookup, await this.lookups.run(lookup));
  }

  /** The caller a lookup's row names; a 401 when the lookup found no row. */
  caller(lookup: CallerLookup, row: CallerRow | undefined): Caller {
    if (row === undefined) throw UNAUTHENTICATED();
    return callerFromRow(lookup, row);
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
    return { kind: 'jwt', sessionId: claims.sid, memberId: claims.user_id };
  }

  private apiKeyLookup(apiKey: string): CallerLookup | undefined {
    if (apiKey.length === 0 || apiKey.length > MAX_API_KEY_LENGTH) return undefined;
    return { kind: 'api_key', apiKeyDigest: apiKeyDigest(apiKey) };
  }
}
