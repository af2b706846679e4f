import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, Observable } from 'rxjs';
import { DomainError } from '../../domain/domain-error';
import { SKIP_IDEMPOTENCY } from './idempotency.decorators';
import { IdempotencyScope, IdempotencyStore } from './idempotency.store';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const METHODS = new Set(['POST', 'PATCH']);
const MAX_KEY_LENGTH = 255;

/** What the access guards leave on the request. */
interface AuthenticatedRequest extends Request {
  caller?: { kind: 'api_key' | 'jwt'; sessionId?: string };
}

/**
 * `Idempotency-Key` on every POST and PATCH under /api/v1 (docs/contract.md, Merchants). Runs after the guards (so
 * the caller is known and a bad credential is still a 401) and before validation and the handler:
 *
 * - the handler runs inside `IdempotencyStore.once`, in one database transaction with the stored
 *   response: the write and its replay commit together, or neither does;
 * - a retry with the same body gets that response again, marked `Idempotent-Replayed: true`;
 * - a retry while the first is still running gets 409 IDEMPOTENCY_KEY_IN_USE;
 * - the same key with another body (or query) gets 422 IDEMPOTENCY_KEY_REUSED;
 * - a request that fails, or never finishes (a crash, a lost database), committed nothing, so its
 *   key is free for a retry.
 *
 * Keys are scoped per credential: an API key, or a token-service session (so refreshing the
 * access token does not change the scope). Only a SHA-256 of it is stored.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !METHODS.has(req.method) || !req.path.startsWith('/api/v1/')) return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(SKIP_IDEMPOTENCY, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    if (key.length < 1 || key.length > MAX_KEY_LENGTH) {
      throw DomainError.field(
        IDEMPOTENCY_HEADER,
        `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters`,
        'IDEMPOTENCY_KEY_INVALID',
      );
    }
    const credential = credentialOf(req);
    if (credential === undefined) return next.handle();
    const scope: IdempotencyScope = { credentialHash: sha256(credential), method: req.method, path: req.path, key };
    const requestHash = sha256(JSON.stringify([req.originalUrl.split('?')[1] ?? '', req.body ?? null]));
    return from(this.runOnce(scope, requestHash, res, next));
  }

  private async runOnce(
    scope: IdempotencyScope,
    requestHash: string,
    res: Response,
    next: CallHandler,
  ): Promise<unknown> {
    const outcome = await this.store.once(scope, requestHash, async () => {
      // `handle()` is called here, inside the enclosing transaction's scope, so the handler's
      // database work joins that transaction.
      const value: unknown = await lastValueFrom(next.handle() as Observable<unknown>, { defaultValue: undefined });
      return { value, response: { status: res.statusCode, body: value === undefined ? null : JSON.stringify(value) } };
    });
    switch (outcome.kind) {
      case 'ran':
        return outcome.value;
      case 'replay':
        res.status(outcome.response.status);
        res.setHeader('Idempotent-Replayed', 'true');
        return outcome.response.body === null ? undefined : (JSON.parse(outcome.response.body) as unknown);
      case 'reused':
        throw new DomainError(
          'unprocessable',
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request',
        );
      case 'in_use':
        throw DomainError.conflict(
          'IDEMPOTENCY_KEY_IN_USE',
          'A request with this Idempotency-Key is still being processed; retry later',
        );
    }
  }
}

function credentialOf(req: AuthenticatedRequest): string | undefined {
  const caller = req.caller;
  if (caller === undefined) return undefined;
  if (caller.kind === 'jwt' && caller.sessionId !== undefined) return `session:${caller.sessionId}`;
  const apiKey = req.header('x-api-key');
  return apiKey === undefined ? undefined : `api-key:${apiKey}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
