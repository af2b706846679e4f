import type { EntityManager } from 'typeorm';

/** A token-service session (`sid`): which refresh token may be used next, until when. */
export interface AuthSessionRecord {
  readonly id: string;
  readonly memberId: string;
  readonly refreshJti: string;
  readonly refreshExpiresAt: Date;
  /** The scoped API key the session was opened with; null for the member's original credential. */
  readonly apiKeyId: string | null;
}

export type SessionRevocationReason = 'refresh_reuse' | 'credentials_regenerated' | 'api_key_revoked' | 'signed_out';

/**
 * A wallet sign-in session: its cookie's token (`jti`) is the session's one token, and `expiresAt`
 * its absolute end (SESSION_TTL after sign-in, never extended).
 */
export interface WalletSessionRecord {
  readonly id: string;
  readonly memberId: string;
  readonly jti: string;
  readonly expiresAt: Date;
}

/** Port for token-service sessions; the TypeORM adapter is in infrastructure/. */
export abstract class AuthSessionRepository {
  abstract create(session: AuthSessionRecord): Promise<void>;

  /**
   * Compare-and-swap: replaces the current refresh token with a new one only if `presentedJti` is
   * still the current one and the session is live (and so is its API key, if it was opened with one). Exactly one of any number of concurrent
   * rotations with the same token succeeds; returns false for all others.
   */
  abstract rotate(
    sessionId: string,
    memberId: string,
    presentedJti: string,
    next: { jti: string; expiresAt: Date },
  ): Promise<boolean>;

  /**
   * Revokes a live session whose current refresh token is no longer `presentedJti` (the presented
   * one was already rotated). Returns false when there was nothing to revoke.
   */
  abstract revokeOnReuse(sessionId: string, memberId: string, presentedJti: string): Promise<boolean>;

  /** Opens a wallet sign-in session in the sign-in's transaction. */
  abstract openWalletSession(manager: EntityManager, session: WalletSessionRecord): Promise<void>;

  /** When a live wallet session of the member ends; undefined when it is not live. */
  abstract walletSessionExpiry(sessionId: string, memberId: string): Promise<Date | undefined>;

  /** Ends a live wallet session (sign-out); false when it was not live. */
  abstract endWalletSession(sessionId: string, memberId: string): Promise<boolean>;
}
