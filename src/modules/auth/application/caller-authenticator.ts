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

const UNAUTHENTICATED = () => new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing token');

/**
 * Turns request credentials into a Caller (SPEC §2): an API key, or a Bearer access token from the
 * token service whose session is still live. Every failure is the same 401, whatever the cause.
 */
@Injectable()
export class CallerAuthenticator {
  constructor(
    private readonly jwt: JwtService,
    private readonly lookups: CallerLookups,
  ) {}

  async authenticate(headers: CredentialHeaders): Promise<Caller> {
    return this.resolve(await this.lookup(headers));
  }

  /**
   * What can be checked without the database (the key's shape, the token's signature, expiry and
   * type), then the query that finds the member behind the credential. A 401 when either fails.
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
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization);
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
    return this.lookups.bySession(claims.sid, claims.user_id);
  }

  private apiKeyLookup(apiKey: string): CallerLookup | undefined {
    if (apiKey.length === 0 || apiKey.length > 256) return undefined;
    return this.lookups.byApiKeyDigest(apiKeyDigest(apiKey));
  }
}
