import type { NextFunction, Request, Response } from 'express';
import { Metrics } from './metrics';

/** The label of requests no route matched (404s), so unknown URLs never become series of their own. */
const UNMATCHED_ROUTE = 'unmatched';

/** Where a handler that answers before routing names the route pattern (`labelRoute`). */
const ROUTE_LABEL = Symbol('route label');

/**
 * Labels a request answered before Express routed it (so without `req.route`) with the pattern
 * of the route that would have answered it: one route, one label, however it was answered.
 */
export function labelRoute(res: Response, route: string | undefined): void {
  if (route !== undefined) (res.locals as Record<symbol, string>)[ROUTE_LABEL] = route;
}

/**
 * Times every request into `http_request_duration_seconds`. The route label is the pattern Express
 * matched (`req.route.path`, the full path Nest registered), read when the response is finished.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpRequestDuration.startTimer();
    res.on('finish', () => {
      const route =
        (res.locals as Record<symbol, string | undefined>)[ROUTE_LABEL] ??
        (req.route as { path?: unknown } | undefined)?.path;
      stop({
        method: req.method,
        route: typeof route === 'string' ? route : UNMATCHED_ROUTE,
        status_code: String(res.statusCode),
      });
    });
    next();
  };
}
