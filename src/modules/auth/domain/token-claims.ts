/** Claims of the token service's JWTs (SPEC §3). `user_id` is the member id; `sid` the session. */
export interface TokenClaims {
  readonly token_type: 'access' | 'refresh';
  readonly jti: string;
  readonly user_id: string;
  readonly sid: string;
  readonly iat: number;
  readonly exp: number;
}

export const TOKEN_ALGORITHM = 'HS256';
