import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI shapes of the token service's JSON:API documents (docs/authentication.md). Bodies are parsed in token-documents.ts. */

export class TokenObtainAttributesDto {
  @ApiProperty({ description: 'The API key', example: '3f1c…' })
  login: string;

  @ApiProperty({ description: 'The API secret', example: 'q9Vb…' })
  password: string;
}

export class TokenObtainDataDto {
  @ApiProperty({ enum: ['auth-token'] })
  type: 'auth-token';

  @ApiProperty({ type: TokenObtainAttributesDto })
  attributes: TokenObtainAttributesDto;
}

export class TokenObtainRequestDto {
  @ApiProperty({ type: TokenObtainDataDto })
  data: TokenObtainDataDto;
}

export class TokenRefreshAttributesDto {
  @ApiProperty({ description: 'The refresh token of the last obtain or refresh response' })
  refresh: string;
}

export class TokenRefreshDataDto {
  @ApiProperty({ enum: ['auth-token'] })
  type: 'auth-token';

  @ApiProperty({ type: TokenRefreshAttributesDto })
  attributes: TokenRefreshAttributesDto;
}

export class TokenRefreshRequestDto {
  @ApiProperty({ type: TokenRefreshDataDto })
  data: TokenRefreshDataDto;
}

const TIME_EXAMPLE = '2026-11-21T20:02:55.123456+00:00';

export class AuthTokenAttributesDto {
  @ApiProperty({ description: 'Access token (JWT HS256); send as `Authorization: Bearer …`' })
  access: string;

  @ApiProperty({ description: 'Refresh token (JWT HS256); works once' })
  refresh: string;

  @ApiProperty({ example: '2026-11-21T20:03:55.123456+00:00', description: 'Expiry of the access token' })
  access_expired_at: string;

  @ApiProperty({ example: '2026-11-22T02:02:55.123456+00:00', description: 'Expiry of the refresh token' })
  refresh_expired_at: string;

  @ApiProperty({ example: false, description: '2FA is not available for API users' })
  is_2fa_confirmed: boolean;
}

export class AuthTokenResourceDto {
  @ApiProperty({ enum: ['auth-token'] })
  type: 'auth-token';

  @ApiProperty({ format: 'uuid', description: "The session id (the tokens' `sid` claim)" })
  id: string;

  @ApiProperty({ type: AuthTokenAttributesDto })
  attributes: AuthTokenAttributesDto;
}

export class AuthTokenMetaDto {
  @ApiProperty({ example: TIME_EXAMPLE, description: 'When the request was received' })
  time: string;

  @ApiProperty({
    example: '9c0e…',
    description: 'hex(HMAC-SHA256(key = SHA-256(login + password) as 32 raw bytes, message = time + refresh))',
  })
  sign: string;
}

export class TokenObtainResponseDto {
  @ApiProperty({ type: AuthTokenResourceDto })
  data: AuthTokenResourceDto;

  @ApiProperty({ type: AuthTokenMetaDto })
  meta: AuthTokenMetaDto;
}

export class TokenRefreshResponseDto {
  @ApiProperty({ type: AuthTokenResourceDto })
  data: AuthTokenResourceDto;
}

export class JsonApiErrorDto {
  @ApiProperty({ example: '400' })
  status: string;

  @ApiProperty({
    example: '2006',
    description: '2006 bad credentials or malformed document; 2007 refresh token invalid or expired; throttled',
  })
  code: string;

  @ApiProperty({ example: 'No active account found with the given credentials' })
  detail: string;
}

export class JsonApiErrorResponseDto {
  @ApiProperty({ type: [JsonApiErrorDto] })
  errors: JsonApiErrorDto[];
}
