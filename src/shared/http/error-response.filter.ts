import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, DomainErrorKind, FieldProblem } from '../domain/domain-error';
import { FailureLog } from '../logging/failure-log';
import { LOGGER } from '../logging/logging.module';
import { isStoreUnavailable } from './store-errors';

const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** Seconds a client should wait after a 503 caused by the store. */
const STORE_RETRY_AFTER_SECONDS = 5;

export interface HttpProblem {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly details: readonly FieldProblem[];
  readonly retryAfterSeconds?: number;
}

/** The one place where any error becomes a status, a stable code and a client-safe message. */
export function toProblem(error: unknown): HttpProblem {
  if (error instanceof DomainError) {
    return {
      status: STATUS_BY_KIND[error.kind],
      code: error.code,
      message: error.message,
      details: error.details,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    return {
      status,
      code: CODE_BY_STATUS[status] ?? `HTTP_${status}`,
      message: status === 404 ? 'Resource not found' : (STATUS_CODES[status] ?? 'Error'),
      details: [],
    };
  }
  if (isStoreUnavailable(error)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable, retry later',
      details: [],
      retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
    };
  }
  return { status: 500, code: 'INTERNAL_ERROR', message: 'Internal server error', details: [] };
}

/**
 * Sends a JSON:API document. A Buffer, because Express appends `; charset=utf-8` to string bodies
 * and JSON:API forbids media type parameters other than ext and profile.
 */
export function sendJsonApi(res: Response, status: number, document: object): void {
  res
    .status(status)
    .type('application/vnd.api+json')
    .send(Buffer.from(JSON.stringify(document), 'utf8'));
}

/**
 * Writes a problem in the contract's shape: `ErrorResponseDto` under /api, a JSON:API error
 * document under /token (the token service speaks JSON:API, docs/authentication.md).
 */
export function sendProblem(req: Request, res: Response, problem: HttpProblem, requestId: string): void {
  if (problem.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(problem.retryAfterSeconds));
  if (req.path.startsWith('/token')) {
    sendJsonApi(res, problem.status, {
      errors: [{ status: String(problem.status), code: problem.code, detail: problem.message }],
    });
    return;
  }
  res.status(problem.status).json({
    statusCode: problem.status,
    error: STATUS_CODES[problem.status] ?? 'Error',
    code: problem.code,
    message: `[ERR_${problem.status}] ${problem.message}`,
    ...(problem.details.length > 0 ? { details: problem.details } : {}),
    requestId,
  });
}

@Catch()
export class ErrorResponseFilter implements ExceptionFilter {
  private readonly failures: FailureLog;

  constructor(@Inject(LOGGER) logger: Logger) {
    this.failures = new FailureLog(logger);
  }

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const problem = toProblem(error);
    // The client gets a generic message; the cause stays in the server log, once per interval.
    if (problem.status === 503) this.failures.unavailable(error);
    else if (problem.status >= 500 && problem.status !== 503) this.failures.failed(error);
    if (res.headersSent) return;
    sendProblem(req, res, problem, String(res.getHeader('X-Request-Id') ?? ''));
  }
}
