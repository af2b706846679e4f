import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import { DomainError } from '../domain/domain-error';
import { sendProblem, toProblem } from './error-response.filter';

/** 100 kB (SPEC §1), counted in bytes as the contract's clients count it. */
export const BODY_LIMIT_BYTES = 100_000;

/** JSON bodies for /api (application/json) and the token service (application/vnd.api+json). */
export const jsonBodyParser = express.json({
  limit: BODY_LIMIT_BYTES,
  strict: true,
  type: ['application/json', 'application/vnd.api+json', 'application/*+json'],
});

/**
 * Body-parser failures happen before Nest routes the request, so Nest's exception filter never
 * sees them; this Express error handler gives them the contract's error shape.
 */
export function bodyParserErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown }).type;
  let domainError: DomainError | undefined;
  if (type === 'entity.too.large') {
    domainError = new DomainError(
      'too_large',
      req.path.startsWith('/token') ? '2006' : 'PAYLOAD_TOO_LARGE',
      'Request body exceeds 100 kB',
    );
  } else if (type === 'entity.parse.failed') {
    domainError = DomainError.invalid(
      req.path.startsWith('/token') ? '2006' : 'INVALID_JSON',
      'Request body is not valid JSON',
    );
  } else if (
    type === 'encoding.unsupported' ||
    type === 'charset.unsupported' ||
    type === 'request.aborted' ||
    type === 'request.size.invalid'
  ) {
    domainError = DomainError.invalid(
      req.path.startsWith('/token') ? '2006' : 'BAD_REQUEST',
      'Request body could not be read',
    );
  }
  if (domainError === undefined) {
    next(error);
    return;
  }
  sendProblem(req, res, toProblem(domainError), String(res.getHeader('X-Request-Id') ?? ''));
}
