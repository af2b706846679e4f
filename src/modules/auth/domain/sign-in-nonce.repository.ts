import type { EntityManager } from 'typeorm';
import type { NonceUse } from './sign-in-policy';

/** Port for the nonces of wallet sign-in; the SQL is in infrastructure/. */
export abstract class SignInNonceRepository {
  /** Stores a new nonce, and forgets a few that expired long ago. */
  abstract issue(nonce: string, expiresAt: Date, now: Date): Promise<void>;

  /**
   * Marks the nonce used, in the sign-in's transaction, if it was issued, unused and unexpired at
   * `now`; otherwise says which of those it was not. Of concurrent sign-ins with one nonce exactly
   * one consumes it (the row's lock orders them).
   */
  abstract consume(manager: EntityManager, nonce: string, now: Date): Promise<NonceUse>;
}
