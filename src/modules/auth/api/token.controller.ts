import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { sendJsonApi } from '../../../shared/http/error-response.filter';
import { IssuedTokens, TokenService } from '../application/token.service';
import type { Micros } from '../domain/token-time';
import { ReceivedAt } from './received-at';
import { AUTH_TOKEN_TYPE, JSON_API, parseObtainDocument, parseRefreshDocument } from './token-documents';
import {
  AuthTokenResourceDto,
  JsonApiErrorResponseDto,
  TokenObtainRequestDto,
  TokenObtainResponseDto,
  TokenRefreshRequestDto,
  TokenRefreshResponseDto,
} from './token.dto';

function resource(tokens: IssuedTokens): AuthTokenResourceDto {
  return {
    type: AUTH_TOKEN_TYPE,
    id: tokens.sessionId,
    attributes: {
      access: tokens.access,
      refresh: tokens.refresh,
      access_expired_at: tokens.accessExpiresAt,
      refresh_expired_at: tokens.refreshExpiresAt,
      is_2fa_confirmed: false,
    },
  };
}

/**
 * The token service (endpoints 23-24, docs/authentication.md). Bodies are JSON:API documents, read strictly;
 * responses are written with `sendJsonApi` for the exact `application/vnd.api+json` media type.
 */
@ApiTags('Token')
@ApiConsumes(JSON_API, 'application/json')
@ApiProduces(JSON_API)
@Controller('token')
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  @Post()
  @ApiOperation({
    operationId: 'TokenController_obtain',
    summary: 'Obtain an access and a refresh token with the API key and secret',
  })
  @ApiBody({ type: TokenObtainRequestDto })
  @ApiOkResponse({
    description: 'A new session: access and refresh token, signed with meta.sign',
    type: TokenObtainResponseDto,
  })
  @ApiResponse({
    status: 400,
    description: 'No active account for the credentials, or a malformed document (code 2006)',
    type: JsonApiErrorResponseDto,
  })
  @ApiResponse({
    status: 429,
    description: 'More than 15 requests from this address in 60 seconds (code throttled)',
    type: JsonApiErrorResponseDto,
    headers: {
      'Retry-After': { description: 'Seconds until a request is admitted again', schema: { type: 'integer' } },
    },
  })
  async obtain(@Body() body: unknown, @ReceivedAt() receivedAt: Micros, @Res() res: Response): Promise<void> {
    const { login, password } = parseObtainDocument(body);
    const tokens = await this.tokens.obtain(login, password, receivedAt);
    const document: TokenObtainResponseDto = { data: resource(tokens), meta: { time: tokens.time, sign: tokens.sign } };
    sendJsonApi(res, 200, document);
  }

  @Post('refresh')
  @ApiOperation({
    operationId: 'TokenController_refresh',
    summary: 'Exchange a refresh token for a new access and refresh token',
  })
  @ApiBody({ type: TokenRefreshRequestDto })
  @ApiOkResponse({ description: 'New access and refresh token of the same session', type: TokenRefreshResponseDto })
  @ApiResponse({
    status: 400,
    description: 'Malformed document (code 2006; tightened: the seed lists only 401)',
    type: JsonApiErrorResponseDto,
  })
  @ApiResponse({
    status: 401,
    description: 'Refresh token invalid, expired, already used or revoked (code 2007)',
    type: JsonApiErrorResponseDto,
  })
  async refresh(@Body() body: unknown, @ReceivedAt() receivedAt: Micros, @Res() res: Response): Promise<void> {
    const { refresh } = parseRefreshDocument(body);
    const document: TokenRefreshResponseDto = { data: resource(await this.tokens.refresh(refresh, receivedAt)) };
    sendJsonApi(res, 200, document);
  }
}
