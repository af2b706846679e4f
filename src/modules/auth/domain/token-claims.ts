/** Claims of the token service's JWTs (docs/authentication.md). `user_id` is the member id; `sid` the session. */
export interface TokenClaims {
  /** `session`: a wallet sign-in session's cookie (docs/authentication.md, Sign-in with a wallet). */
  readonly token_type: 'access' | 'refresh' | 'session';
  readonly jti: string;
  readonly user_id: string;
  readonly sid: string;
  readonly iat: number;
  readonly exp: number;
  /**
   * Only in tokens obtained with a scoped API key: the key, its scopes, account and deployments.
   * The access guard reads them again from the key on every request (a revocation acts at once);
   * the claims tell the holder what the token may do.
   */
  readonly key_id?: string;
  readonly scopes?: readonly string[];
  readonly account_id?: string;
  readonly deployment_ids?: readonly string[] | null;
}

export const TOKEN_ALGORITHM = 'HS256';
