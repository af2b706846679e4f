import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import { DomainError, FieldProblem } from '../domain/domain-error';
import { sendProblem, toProblem } from './error-response.filter';
import { inspectJson, inspectQuery } from './input-shape';

/** 100 kB (docs/api-conventions.md), counted in bytes as the contract's clients count it. */
export const BODY_LIMIT_BYTES = 100_000;

/** The chain-event intake takes batches of up to 1,000 events (docs/chain-events.md), about 450 kB; room to spare. */
export const CHAIN_EVENTS_BODY_LIMIT_BYTES = 2_000_000;
const CHAIN_EVENTS_PATH = '/internal/v1/chain-events';

const JSON_TYPES = ['application/json', 'application/vnd.api+json', 'application/*+json'];

function bodyLimitOf(req: Request): number {
  return req.path.replace(/\/$/, '') === CHAIN_EVENTS_PATH ? CHAIN_EVENTS_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

const parsers = new Map<number, RequestHandler>(
  [BODY_LIMIT_BYTES, CHAIN_EVENTS_BODY_LIMIT_BYTES].map((limit) => [
    limit,
    express.json({ limit, strict: true, type: JSON_TYPES }),
  ]),
);

function problemCode(req: Request, code: string): string {
  return req.path.startsWith('/token') ? '2006' : code;
}

/** The same code and shape as the validation pipe's 400, for a problem found before it runs. */
function invalidInput(req: Request, problem: FieldProblem): DomainError {
  return DomainError.invalid(problemCode(req, 'VALIDATION_FAILED'), `Invalid request: ${problem.field}`, [problem]);
}

function tooLarge(req: Request): DomainError {
  const limit = bodyLimitOf(req);
  return new DomainError(
    'too_large',
    problemCode(req, 'PAYLOAD_TOO_LARGE'),
    `Request body exceeds ${limit === BODY_LIMIT_BYTES ? '100 kB' : `${limit / 1_000_000} MB`}`,
  );
}

/**
 * JSON bodies for /api (application/json) and the token service (application/vnd.api+json), with
 * the intake's larger limit on its one path. A declared `Content-Length` over the limit is refused
 * at once, before a byte of the body is read, and the connection is closed rather than drained.
 * The parsed body is then checked for shapes no DTO accepts (see `inspectJson`).
 */
export function jsonBodyParser(req: Request, res: Response, next: NextFunction): void {
  // No body (every GET): nothing to parse, and body-parser would still look up the path's limit
  // and go through its own checks on every read.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    next();
    return;
  }
  const limit = bodyLimitOf(req);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    res.setHeader('Connection', 'close');
    sendProblem(req, res, toProblem(tooLarge(req)), String(res.getHeader('X-Request-Id') ?? ''));
    return;
  }
  parsers.get(limit)!(req, res, (error?: unknown) => {
    if (error !== undefined) {
      next(error);
      return;
    }
    const problem = req.body === undefined ? undefined : inspectJson(req.body);
    next(problem === undefined ? undefined : invalidInput(req, problem));
  });
}

/** Query strings get the same treatment for every route: no NUL characters, no prototype names. */
export function queryShapeGuard(req: Request, res: Response, next: NextFunction): void {
  const problem = inspectQuery(req.url);
  next(problem === undefined ? undefined : invalidInput(req, problem));
}

/**
 * Body-parser failures happen before Nest routes the request, so Nest's exception filter never
 * sees them; this Express error handler gives them the contract's error shape.
 */
export function bodyParserErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown }).type;
  let domainError: DomainError | undefined;
  if (error instanceof DomainError) {
    domainError = error;
  } else if (type === 'entity.too.large') {
    domainError = tooLarge(req);
  } else if (type === 'entity.parse.failed') {
    domainError = DomainError.invalid(problemCode(req, 'INVALID_JSON'), 'Request body is not valid JSON');
  } else if (
    type === 'encoding.unsupported' ||
    type === 'charset.unsupported' ||
    type === 'request.aborted' ||
    type === 'request.size.invalid'
  ) {
    domainError = DomainError.invalid(problemCode(req, 'BAD_REQUEST'), 'Request body could not be read');
  }
  if (domainError === undefined) {
    next(error);
    return;
  }
  sendProblem(req, res, toProblem(domainError), String(res.getHeader('X-Request-Id') ?? ''));
}
