import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { uuidv7 } from '../domain/ids';
import { runWithRequestContext } from '../logging/request-context';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * First middleware of every request: fixes the request id (the client's, when it is a sane token),
 * echoes it in `X-Request-Id`, binds it (and the client's address) to everything run while handling
 * the request (log lines, audit entries), and
 * writes one access-log line when the response is finished. Headers are not logged: they carry
 * credentials.
 */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const sent = req.header('x-request-id');
    const requestId = sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : uuidv7();
    res.setHeader('X-Request-Id', requestId);
    const context = {
      requestId,
      work: { waitedMs: 0, streamedStatementMs: 0 },
      // A getter: the address (X-Forwarded-For parsing under TRUST_PROXY) is worked out only for
      // the requests that record it (the audit log's), not for every read.
      get clientAddress(): string | undefined {
        return req.ip ?? req.socket.remoteAddress;
      },
    };
    runWithRequestContext(context, () => {
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
