import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { DomainError } from '../../../shared/domain/domain-error';
import { Caller, callerFromRow, CallerLookup, CallerRow } from '../domain/caller';
import { apiKeyDigest } from '../domain/secrets';
import { TOKEN_ALGORITHM, TokenClaims } from '../domain/token-claims';

export interface CredentialHeaders {
  readonly apiKey?: string;
  readonly authorization?: string;
}

const UNAUTHENTICATED = () => new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing token');

/** A live API key's member. */
const BY_API_KEY = `SELECT m.id, m.address, m.address_hex
  FROM member_credentials c JOIN members m ON m.id = c.member_id
 WHERE c.api_key_sha256 = $1`;

/**
 * A live session's member. Checked on every request, so a revoked session's access tokens stop at
 * once (SPEC §3 allows 5 s).
 */
const BY_SESSION = `SELECT m.id, m.address, m.address_hex
  FROM auth_sessions s JOIN members m ON m.id = s.member_id
 WHERE s.id = $1 AND s.member_id = $2 AND s.revoked_at IS NULL`;

/**
 * Turns request credentials into a Caller (SPEC §2): an API key, or a Bearer access token from the
 * token service whose session is still live. Every failure is the same 401, whatever the cause.
 */
@Injectable()
export class CallerAuthenticator {
  constructor(
    private readonly jwt: JwtService,
    private readonly dataSource: DataSource,
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
          ? apiKeyLookup(headers.apiKey)
          : undefined;
    if (lookup === undefined) throw UNAUTHENTICATED();
    return lookup;
  }

  /** Runs a lookup on its own: the caller, or a 401. */
  async resolve(lookup: CallerLookup): Promise<Caller> {
    const rows: CallerRow[] = await this.dataSource.query(lookup.sql, [...lookup.params]);
    return this.caller(lookup, rows[0]);
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
    if (claims.token_type !== 'access' || typeof claims.sid !== 'string' || typeof claims.user_id !== 'string')
      return undefined;
    return { kind: 'jwt', sql: BY_SESSION, params: [claims.sid, claims.user_id], sessionId: claims.sid };
  }
}

function apiKeyLookup(apiKey: string): CallerLookup | undefined {
  if (apiKey.length === 0 || apiKey.length > 256) return undefined;
  return { kind: 'api_key', sql: BY_API_KEY, params: [apiKeyDigest(apiKey)] };
}
