import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { DomainError } from '../../../shared/domain/domain-error';
import { AuthSessionRepository } from '../domain/auth-session.repository';
import { Caller } from '../domain/caller';
import { TOKEN_ALGORITHM, TokenClaims } from '../domain/token-claims';
import { MembersService } from './members.service';

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
    private readonly members: MembersService,
    private readonly jwt: JwtService,
    private readonly sessions: AuthSessionRepository,
  ) {}

  async authenticate(headers: CredentialHeaders): Promise<Caller> {
    const caller =
      headers.authorization !== undefined
        ? await this.fromBearer(headers.authorization)
        : headers.apiKey !== undefined
          ? await this.fromApiKey(headers.apiKey)
          : undefined;
    if (caller === undefined) throw UNAUTHENTICATED();
    return caller;
  }

  private async fromApiKey(apiKey: string): Promise<Caller | undefined> {
    if (apiKey.length === 0 || apiKey.length > 256) return undefined;
    const member = await this.members.findByApiKey(apiKey);
    return member && { memberId: member.id, address: member.address, addressHex: member.addressHex, kind: 'api_key' };
  }

  private async fromBearer(authorization: string): Promise<Caller | undefined> {
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
    // Checked on every request, so a revoked session's access tokens stop at once (SPEC §3 allows 5 s).
    const member = await this.sessions.findLiveSessionMember(claims.sid, claims.user_id);
    return (
      member && {
        memberId: member.id,
        address: member.address,
        addressHex: member.addressHex,
        kind: 'jwt',
        sessionId: claims.sid,
      }
    );
  }
}
