/** Claims of the token service's JWTs (docs/authentication.md). `user_id` is the member id; `sid` the session. */
export interface TokenClaims {
  readonly token_type: 'access' | 'refresh';
  readonly jti: string;
  readonly user_id: string;
  readonly sid: string;
  readonly iat: number;
  readonly exp: number;
}

export const TOKEN_ALGORITHM = 'HS256';
