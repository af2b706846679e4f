import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { uuidv7 } from '../../../shared/domain/ids';
import { LOGGER } from '../../../shared/logging/logging.module';
import { AuthSessionRepository } from '../domain/auth-session.repository';
import { TOKEN_ALGORITHM, TokenClaims } from '../domain/token-claims';
import { tokenResponseSignature } from '../domain/token-signature';
import { formatTokenTime, Micros, plusSeconds, toDate, toEpochSeconds } from '../domain/token-time';
import { MembersService } from './members.service';

/** What a token opened with a scoped API key carries about it. */
type KeyClaims = Required<Pick<TokenClaims, 'key_id' | 'scopes' | 'account_id' | 'deployment_ids'>>;

function keyClaimsOf(claims: TokenClaims): KeyClaims | undefined {
  if (typeof claims.key_id !== 'string') return undefined;
  return {
    key_id: claims.key_id,
    scopes: claims.scopes ?? [],
    account_id: claims.account_id ?? '',
    deployment_ids: claims.deployment_ids ?? null,
  };
}

/** The token service's error codes (docs/authentication.md): clients of the public interface branch on them. */
export const BAD_CREDENTIALS_CODE = '2006';
export const INVALID_REFRESH_CODE = '2007';

export function badCredentials(): DomainError {
  return new DomainError('invalid', BAD_CREDENTIALS_CODE, 'No active account found with the given credentials');
}

function invalidRefresh(): DomainError {
  return new DomainError('unauthenticated', INVALID_REFRESH_CODE, 'Token is invalid or expired');
}

export interface IssuedTokens {
  /** The session (`sid`); the auth-token resource's id. */
  readonly sessionId: string;
  readonly access: string;
  readonly refresh: string;
  readonly accessExpiresAt: string;
  readonly refreshExpiresAt: string;
}

export interface ObtainedTokens extends IssuedTokens {
  /** `meta.time`: when the request was received. */
  readonly time: string;
  /** `meta.sign`: proves to the holder of the credentials that the refresh token is ours. */
  readonly sign: string;
}

/**
 * The token service (docs/authentication.md): obtain a session with an API key and secret, then rotate its
 * refresh token. Each refresh token works once; presenting one that was already rotated revokes
 * the whole session, because either the client or a thief holds a copy.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly members: MembersService,
    private readonly sessions: AuthSessionRepository,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async obtain(login: string, password: string, receivedAt: Micros): Promise<ObtainedTokens> {
    const member = await this.members.verifyLogin(login, password);
    if (member === undefined) throw badCredentials();
    const sessionId = uuidv7();
    const refreshJti = randomUUID();
    const key: KeyClaims | undefined =
      member.key === undefined
        ? undefined
        : {
            key_id: member.key.id,
            scopes: member.key.scopes,
            account_id: member.key.accountId,
            deployment_ids: member.key.deploymentIds,
          };
    const { tokens, refreshExpiresAt } = await this.sign(member.id, sessionId, refreshJti, receivedAt, key);
    await this.sessions.create({
      id: sessionId,
      memberId: member.id,
      refreshJti,
      refreshExpiresAt: toDate(refreshExpiresAt),
      apiKeyId: member.key?.id ?? null,
    });
    const time = formatTokenTime(receivedAt);
    return { ...tokens, time, sign: tokenResponseSignature(login, password, time, tokens.refresh) };
  }

  async refresh(refreshToken: string, receivedAt: Micros): Promise<IssuedTokens> {
    const presented = await this.verifyRefreshToken(refreshToken);
    const nextJti = randomUUID();
    const { tokens, refreshExpiresAt } = await this.sign(
      presented.user_id,
      presented.sid,
      nextJti,
      receivedAt,
      keyClaimsOf(presented),
    );
    const rotated = await this.sessions.rotate(presented.sid, presented.user_id, presented.jti, {
      jti: nextJti,
      expiresAt: toDate(refreshExpiresAt),
    });
    if (rotated) return tokens;
    if (await this.sessions.revokeOnReuse(presented.sid, presented.user_id, presented.jti)) {
      // Never the token itself: the session id is enough to investigate.
      this.logger.warn(
        { event: 'refresh_token_reuse', sid: presented.sid, memberId: presented.user_id },
        'security: an already rotated refresh token was presented; the session is revoked',
      );
    }
    throw invalidRefresh();
  }

  /** Signature (HS256 only), expiry and shape; anything else about the token is the session's business. */
  private async verifyRefreshToken(token: string): Promise<TokenClaims> {
    let claims: Partial<TokenClaims>;
    try {
      claims = await this.jwt.verifyAsync<TokenClaims>(token, { algorithms: [TOKEN_ALGORITHM] });
    } catch {
      throw invalidRefresh();
    }
    const wellFormed =
      claims.token_type === 'refresh' &&
      typeof claims.jti === 'string' &&
      typeof claims.sid === 'string' &&
      typeof claims.user_id === 'string' &&
      typeof claims.exp === 'number'; // jsonwebtoken checks exp only when present: require it
    if (!wellFormed) throw invalidRefresh();
    return claims as TokenClaims;
  }

  private async sign(
    memberId: string,
    sessionId: string,
    refreshJti: string,
    now: Micros,
    key: KeyClaims | undefined,
  ): Promise<{ tokens: IssuedTokens; refreshExpiresAt: Micros }> {
    const accessExpiresAt = plusSeconds(now, this.config.accessTokenTtlSeconds);
    const refreshExpiresAt = plusSeconds(now, this.config.refreshTokenTtlSeconds);
    const iat = toEpochSeconds(now, 'floor');
    const claims = (tokenType: TokenClaims['token_type'], jti: string, expiresAt: Micros): TokenClaims => ({
      token_type: tokenType,
      jti,
      user_id: memberId,
      sid: sessionId,
      iat,
      exp: toEpochSeconds(expiresAt, 'ceil'),
      ...key,
    });
    const [access, refresh] = await Promise.all([
      this.jwt.signAsync({ ...claims('access', randomUUID(), accessExpiresAt) }),
      this.jwt.signAsync({ ...claims('refresh', refreshJti, refreshExpiresAt) }),
    ]);
    return {
      tokens: {
        sessionId,
        access,
        refresh,
        accessExpiresAt: formatTokenTime(accessExpiresAt),
        refreshExpiresAt: formatTokenTime(refreshExpiresAt),
      },
      refreshExpiresAt,
    };
  }
}
