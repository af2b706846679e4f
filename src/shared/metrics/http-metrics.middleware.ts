import type { NextFunction, Request, Response } from 'express';
import { Metrics } from './metrics';

/** The label of requests no route matched (404s), so unknown URLs never become series of their own. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request into `http_request_duration_seconds`. The route label is the pattern Express
 * matched (`req.route.path`, the full path Nest registered), read when the response is finished.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpRequestDuration.startTimer();
    res.on('finish', () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      stop({
        method: req.method,
        route: typeof route === 'string' ? route : UNMATCHED_ROUTE,
        status_code: String(res.statusCode),
      });
    });
    next();
  };
}
