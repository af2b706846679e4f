import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Hex } from 'viem';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { SkipIdempotency } from '../../../shared/http/idempotency/idempotency.decorators';
import { SESSION_COOKIE_SCHEME } from '../../../openapi';
import { CallerAuthenticator } from '../application/caller-authenticator';
import { SessionView, SignInService } from '../application/sign-in.service';
import type { Caller } from '../domain/caller';
import { NonceResponseDto, SessionDto, SignInDto, SignOutResponseDto } from './session.dto';
import { ReadsPrimary } from '../../../shared/http/read-routing.interceptor';

function toSessionDto(session: SessionView): SessionDto {
  return {
    address: session.address,
    expiresAt: session.expiresAt.toISOString(),
    csrfToken: session.csrfToken,
    memberships: session.memberships.map((membership) => ({ ...membership })),
  };
}

/**
 * Sign-in with a wallet (docs/authentication.md): nonce, sign-in, the session, sign-out. The
 * session travels in an HTTP-only, SameSite=Strict cookie (Secure over https) that authenticates
 * every /api/v1 route; writes with it need X-CSRF-Token, checked where every credential is read.
 */
@ApiTags('Sign-in')
@SkipIdempotency()
@Controller('api/v1/auth')
export class AuthController {
  private readonly secureCookie: boolean;

  constructor(
    private readonly signIns: SignInService,
    private readonly authenticator: CallerAuthenticator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.secureCookie = new URL(config.publicBaseUrl).protocol === 'https:';
  }

  @Get('nonce')
  @ApiOperation({
    operationId: 'AuthController_getNonce_v1',
    summary: 'A nonce for a Sign-In with Ethereum message (single use, 5 minutes)',
    description:
      'No credential needed. The nonce goes on the "Nonce:" line of the EIP-4361 message the wallet signs; it works for one sign-in, within 5 minutes.',
  })
  @ApiOkResponse({ type: NonceResponseDto })
  async getNonce(@Res({ passthrough: true }) res: Response): Promise<NonceResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    const { nonce, expiresAt } = await this.signIns.issueNonce();
    return { nonce, expiresAt: expiresAt.toISOString() };
  }

  @Post('sign-in')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'AuthController_signIn_v1',
    summary: 'Sign in with a wallet: a signed EIP-4361 message opens a session carried by a cookie',
    description:
      'Sets the session cookie (HTTP-only, SameSite=Strict, Secure over https; `__Host-session` over https, ' +
      '`session` over http) for SESSION_TTL (default 8 h). The address must be a member of at least one account. ' +
      "Shares the token service's limit of TOKEN_RATE_LIMIT attempts per client address in any 60 s.",
  })
  @ApiOkResponse({
    type: SessionDto,
    headers: { 'Set-Cookie': { description: 'The session cookie', schema: { type: 'string' } } },
  })
  @ApiResponse({
    status: 400,
    description: 'Not a JSON body {message, signature}, or a message that is not EIP-4361',
    type: ErrorResponseDto,
  })
  @ApiResponse({
    status: 401,
    description:
      'SIGN_IN_REFUSED: wrong domain or URI, nonce unknown, used or expired, message too old, from the future or ' +
      "expired, a signature that does not match the address, or an address that is no account's member; the " +
      'message says which',
    type: ErrorResponseDto,
  })
  @ApiResponse({
    status: 429,
    description:
      'TOO_MANY_REQUESTS: more than TOKEN_RATE_LIMIT (default 15) sign-ins and token obtains together from this address in 60 s',
    type: ErrorResponseDto,
    headers: {
      'Retry-After': { description: 'Seconds until a request is admitted again', schema: { type: 'integer' } },
    },
  })
  @ApiResponse({
    status: 503,
    description: "A contract wallet's chain could not be asked (CHAIN_UNAVAILABLE), or the store is unavailable",
    type: ErrorResponseDto,
  })
  async signIn(@Body() body: SignInDto, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    const signedIn = await this.signIns.signIn(body.message, body.signature as Hex);
    res.setHeader('Cache-Control', 'no-store');
    res.cookie(this.authenticator.sessionCookieName, signedIn.sessionToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secureCookie,
      path: '/',
      maxAge: this.config.sessionTtlSeconds * 1000,
    });
    return toSessionDto(signedIn);
  }

  @Get('session')
  // The handler checks the cookie itself: a session signed in or out a moment ago is the primary's to tell.
  @ReadsPrimary()
  @ApiCookieAuth(SESSION_COOKIE_SCHEME)
  @ApiOperation({
    operationId: 'AuthController_getSession_v1',
    summary: "The session cookie's session",
    description:
      'The signed-in address, when the session ends, its CSRF token and the accounts it may use with their roles; 401 without a live session cookie.',
  })
  @ApiOkResponse({ type: SessionDto })
  @ApiResponse({ status: 401, description: 'No live session cookie', type: ErrorResponseDto })
  async getSession(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    res.setHeader('Cache-Control', 'no-store');
    return toSessionDto(await this.signIns.session(await this.cookieCaller(req)));
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiCookieAuth(SESSION_COOKIE_SCHEME)
  @ApiHeader({ name: 'X-CSRF-Token', required: true, description: 'The csrfToken of the session' })
  @ApiOperation({
    operationId: 'AuthController_signOut_v1',
    summary: 'End the session at once and clear its cookie',
    description:
      'A write like any other with the cookie, so it needs X-CSRF-Token. The session stops working on the next request, whichever copy of the cookie is sent.',
  })
  @ApiOkResponse({ type: SignOutResponseDto })
  @ApiResponse({ status: 401, description: 'No live session cookie', type: ErrorResponseDto })
  @ApiResponse({
    status: 403,
    description: "CSRF_TOKEN_INVALID: X-CSRF-Token missing or not the session's",
    type: ErrorResponseDto,
  })
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SignOutResponseDto> {
    await this.signIns.signOut(await this.cookieCaller(req));
    res.clearCookie(this.authenticator.sessionCookieName, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secureCookie,
      path: '/',
    });
    return { signedOut: true };
  }

  /** The session endpoints read the cookie alone: an API key or a Bearer token has no session to show or end. */
  private cookieCaller(req: Request): Promise<Caller> {
    return this.authenticator.authenticate({
      cookie: req.header('cookie'),
      method: req.method,
      csrfToken: req.header('x-csrf-token'),
    });
  }
}
