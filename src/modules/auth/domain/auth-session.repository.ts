/** A token-service session (`sid`): which refresh token may be used next, until when. */
export interface AuthSessionRecord {
  readonly id: string;
  readonly memberId: string;
  readonly refreshJti: string;
  readonly refreshExpiresAt: Date;
}

export type SessionRevocationReason = 'refresh_reuse' | 'credentials_regenerated';

/** Port for token-service sessions; the TypeORM adapter is in infrastructure/. */
export abstract class AuthSessionRepository {
  abstract create(session: AuthSessionRecord): Promise<void>;

  /**
   * Compare-and-swap: replaces the current refresh token with a new one only if `presentedJti` is
   * still the current one and the session is live. Exactly one of any number of concurrent
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
}
