import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Micros, nowMicros } from '../domain/token-time';

interface StampedRequest extends Request {
  receivedAt?: Micros;
}

/** Notes when a token request arrived, before guards and handlers spend time on it (`meta.time`). */
export function receivedAtMiddleware(req: StampedRequest, _res: Response, next: NextFunction): void {
  req.receivedAt = nowMicros();
  next();
}

export const ReceivedAt = createParamDecorator((_data: unknown, context: ExecutionContext): Micros => {
  return context.switchToHttp().getRequest<StampedRequest>().receivedAt ?? nowMicros();
});
