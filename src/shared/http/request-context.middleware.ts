import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { uuidv7 } from '../domain/ids';
import { runWithRequestContext } from '../logging/request-context';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * First middleware of every request: fixes the request id (the client's, when it is a sane token),
 * echoes it in `X-Request-Id`, binds it to every log line written while handling the request, and
 * writes one access-log line when the response is finished. Headers are not logged: they carry
 * credentials.
 */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const sent = req.header('x-request-id');
    const requestId = sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : uuidv7();
    res.setHeader('X-Request-Id', requestId);
    runWithRequestContext({ requestId }, () => {
      // The access log line costs a listener and a clock read per request: only when it is written.
      if (!logger.isLevelEnabled('info')) {
        next();
        return;
      }
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        logger.info(
          {
            method: req.method,
            path: req.path,
            status: res.statusCode,
            durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          },
          'request completed',
        );
      });
      next();
    });
  };
}
