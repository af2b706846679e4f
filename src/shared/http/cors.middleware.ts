import type { NextFunction, Request, Response } from 'express';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'content-type, x-api-key, authorization, idempotency-key, x-request-id';
/** What a browser app may read from a response besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';
/** Seconds a browser may reuse a preflight's answer. */
const PREFLIGHT_MAX_AGE = '600';

/**
 * CORS for browser apps (CORS_ORIGINS): a listed origin (or any, with `*`) gets the allow headers;
 * another origin gets none, so its browser refuses to hand the response over. A preflight is
 * answered here with 204 and never reaches a route, a guard or the rate limit. Credentials are
 * headers (x-api-key, Authorization), never cookies, so no Allow-Credentials.
 */
export function corsMiddleware(origins: readonly string[] | '*') {
  const allowed = origins === '*' ? undefined : new Set(origins);
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = req.header('origin');
    if (allowed !== undefined) res.vary('Origin');
    const allowOrigin =
      origin === undefined ? undefined : allowed === undefined ? '*' : allowed.has(origin) ? origin : undefined;
    if (allowOrigin !== undefined) {
      res.setHeader('Access-Control-Allow-Origin', allowOrigin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (req.method !== 'OPTIONS' || origin === undefined || req.header('access-control-request-method') === undefined) {
      next();
      return;
    }
    if (allowOrigin !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
    }
    res.status(204).end();
  };
}
