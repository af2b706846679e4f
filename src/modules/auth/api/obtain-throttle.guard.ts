import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { TokenService } from '../application/token.service';

/**
 * Counts every obtain-token request against its client address, well-formed or not, before any
 * scrypt work is done. `req.ip` honours X-Forwarded-For only when TRUST_PROXY is set (app-setup).
 */
@Injectable()
export class ObtainThrottleGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    await this.tokens.admitObtainAttempt(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    return true;
  }
}
