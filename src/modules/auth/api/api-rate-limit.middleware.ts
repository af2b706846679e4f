import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { RateLimiter } from '../domain/rate-limiter';
import { TOKEN_ALGORITHM, TokenClaims } from '../domain/token-claims';

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

/**
 * Per-credential limit on /api/v1 (API_RATE_LIMIT requests in any API_RATE_WINDOW seconds), counted
 * by the same sliding-window `RateLimiter` as the token-service throttle: in memory, or shared by
 * every instance through Redis when REDIS_URL is set. One client cannot starve the others.
 *
 * The bucket is the API key (by its hash: keys never reach logs or Redis), the member of a
 * correctly signed access token (so obtaining more tokens buys no more requests), and otherwise
 * the client address (public catalog calls, malformed credentials). Whether a credential is valid
 * is the access guard's business, after this.
 */
@Injectable()
export class ApiRateLimitMiddleware implements NestMiddleware {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly jwt: JwtService,
  ) {}

  /** Async and throwing, so that Nest hands a refusal to the one exception filter. */
  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    if (this.config.apiRateLimit > 0) {
      const decision = await this.limiter.hit(
        `api:${this.bucketOf(req)}`,
        this.config.apiRateLimit,
        this.config.apiRateWindowSeconds * 1000,
      );
      if (!decision.allowed) {
        throw new DomainError(
          'rate_limited',
          'TOO_MANY_REQUESTS',
          `Too many requests for this credential; retry in ${decision.retryAfterSeconds} seconds`,
          [],
          decision.retryAfterSeconds,
        );
      }
    }
    next();
  }

  private bucketOf(req: Request): string {
    const bearer = BEARER.exec(req.header('authorization') ?? '');
    if (bearer !== null) {
      try {
        const claims = this.jwt.verify<Partial<TokenClaims>>(bearer[1], { algorithms: [TOKEN_ALGORITHM] });
        if (typeof claims.user_id === 'string') return `member:${claims.user_id}`;
      } catch {
        // Not a token of ours: counted against the address below.
      }
    }
    const apiKey = req.header('x-api-key');
    if (apiKey !== undefined && apiKey.length > 0 && apiKey.length <= 256) {
      return `key:${createHash('sha256').update(apiKey).digest('base64url')}`;
    }
    return `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  }
}
