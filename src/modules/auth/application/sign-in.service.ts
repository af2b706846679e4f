import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { Hex } from 'viem';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { uuidv7 } from '../../../shared/domain/ids';
import { LOGGER } from '../../../shared/logging/logging.module';
import { AuditLog } from '../../audit/application/audit-log';
import { AuthSessionRepository } from '../domain/auth-session.repository';
import type { Caller } from '../domain/caller';
import { MembershipDirectory, MembershipRecord } from '../domain/memberships';
import { SignInNonceRepository } from '../domain/sign-in-nonce.repository';
import { parseSignInMessage } from '../domain/sign-in-message';
import {
  checkSignInMessage,
  newSignInNonce,
  NONCE_TTL_MS,
  nonceRefusal,
  SignInSite,
  signInRefused,
  signInSite,
} from '../domain/sign-in-policy';
import type { TokenClaims } from '../domain/token-claims';
import { checkWalletSignature, ContractSignatures } from '../domain/wallet-signature';
import { SESSION_TOKEN_TYPE } from '../domain/wallet-session';
import { CallerAuthenticator, UNAUTHENTICATED } from './caller-authenticator';

/** A wallet session as its holder sees it (`SessionDto`). */
export interface SessionView {
  readonly address: string;
  readonly expiresAt: Date;
  readonly csrfToken: string;
  readonly memberships: readonly MembershipRecord[];
}

export interface SignedIn extends SessionView {
  /** The cookie's value: the session's token. Goes to the browser only, never to a log. */
  readonly sessionToken: string;
}

/**
 * Sign-in with a wallet (docs/authentication.md): a nonce, then an EIP-4361 message carrying it,
 * signed by a member's wallet, opens a token-service session carried by a cookie. Every refusal is
 * 401 SIGN_IN_REFUSED with a message that says what to do; a message that is not EIP-4361 at all
 * is a 400.
 */
@Injectable()
export class SignInService {
  private readonly site: SignInSite;

  constructor(
    private readonly dataSource: DataSource,
    private readonly nonces: SignInNonceRepository,
    private readonly sessions: AuthSessionRepository,
    private readonly directory: MembershipDirectory,
    private readonly contracts: ContractSignatures,
    private readonly audit: AuditLog,
    private readonly authenticator: CallerAuthenticator,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.site = signInSite(config.publicBaseUrl);
  }

  async issueNonce(now: Date = new Date()): Promise<{ nonce: string; expiresAt: Date }> {
    const nonce = newSignInNonce();
    const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
    await this.nonces.issue(nonce, expiresAt, now);
    return { nonce, expiresAt };
  }

  /**
   * The checks run cheapest first: the message's own fields, then the signature (a chain is asked
   * only for a contract wallet), then, in one transaction, the nonce, the membership and the new
   * session. Membership is told only to the holder of the address's key, after the signature.
   */
  async signIn(text: string, signature: Hex, now: Date = new Date()): Promise<SignedIn> {
    const message = parseSignInMessage(text);
    const signer = Address.tryParseAny(message.address);
    if (signer === undefined) {
      throw DomainError.field('message', 'message names an address that is not a valid EVM or Tron address');
    }
    checkSignInMessage(message, this.site, now);

    const verdict = await checkWalletSignature(text, signer, signature, message.chainId, this.contracts);
    if (verdict === 'invalid') {
      throw signInRefused(
        `The signature does not match the address ${signer.display} in the message: sign the message with that wallet`,
      );
    }
    if (verdict === 'no_rpc') {
      throw signInRefused(
        `The signature is not from the key of ${signer.display}, and this service cannot ask chain ${message.chainId} ` +
          'whether it is a contract wallet that approves it: sign with that wallet, on a chain this service knows',
      );
    }

    const sessionId = uuidv7(now.getTime());
    const jti = randomUUID();
    const expiresAt = new Date(now.getTime() + this.config.sessionTtlSeconds * 1000);
    const { member, memberships } = await this.dataSource.transaction(async (manager) => {
      const use = await this.nonces.consume(manager, message.nonce, now);
      if (use !== 'consumed') throw nonceRefusal(use);
      const member = await this.directory.findMember(manager, signer);
      const memberships = member === undefined ? [] : await this.directory.membershipsOf(manager, member.id);
      if (member === undefined || memberships.length === 0) {
        throw signInRefused(
          `${signer.display} is not a member of any account: ask an admin of the account to add this address`,
        );
      }
      await this.sessions.openWalletSession(manager, {
        id: sessionId,
        memberId: member.id,
        jti,
        expiresAt,
      });
      // In the log of each account the member belongs to, in the sign-in's own transaction.
      await this.audit.recordInAccountsOf(
        manager,
        member.id,
        {
          action: 'SIGNED_IN',
          actor: { address: member.address, via: 'SESSION', keyId: null },
          target: { type: 'session', id: sessionId },
          changes: { walletType: verdict === 'eoa' ? 'key' : 'contract', chainId: message.chainId },
        },
        now,
      );
      return { member, memberships };
    });
    this.logger.info(
      { event: 'signed_in', memberId: member.id, sid: sessionId, via: verdict === 'eoa' ? 'key' : 'contract' },
      'a member signed in with a wallet',
    );
    const claims: TokenClaims = {
      token_type: SESSION_TOKEN_TYPE,
      jti,
      user_id: member.id,
      sid: sessionId,
      iat: Math.floor(now.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
    };
    return {
      address: member.address,
      expiresAt,
      csrfToken: this.authenticator.csrfTokenOf(sessionId),
      memberships,
      sessionToken: await this.jwt.signAsync({ ...claims }),
    };
  }

  /** The caller's wallet session; 401 when the caller holds none (an API key, a Bearer token). */
  async session(caller: Caller): Promise<SessionView> {
    const sessionId = caller.sessionId;
    if (sessionId === undefined) throw UNAUTHENTICATED();
    const expiresAt = await this.sessions.walletSessionExpiry(sessionId, caller.memberId);
    if (expiresAt === undefined) throw UNAUTHENTICATED();
    return {
      address: caller.address,
      expiresAt,
      csrfToken: this.authenticator.csrfTokenOf(sessionId),
      memberships: await this.directory.membershipsOf(undefined, caller.memberId),
    };
  }

  /** Ends the caller's wallet session at once: its cookie stops working on the next request. */
  async signOut(caller: Caller): Promise<void> {
    const sessionId = caller.sessionId;
    if (sessionId === undefined || !(await this.sessions.endWalletSession(sessionId, caller.memberId))) {
      throw UNAUTHENTICATED();
    }
    this.logger.info({ event: 'signed_out', memberId: caller.memberId, sid: sessionId }, 'a member signed out');
  }
}
