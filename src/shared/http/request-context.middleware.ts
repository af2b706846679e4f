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
export function requestContextMiddleware(logger: Logger, trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const sent = req.header('x-request-id');
    const requestId = sent !== undefined && CLIENT_REQUEST_ID.test(sent) ? sent : uuidv7();
    res.setHeader('X-Request-Id', requestId);
    // Plain values only, nothing that reaches the request: Node creates the connection's
    // keep-alive timer while the response ends, inside this context, and that timer keeps the
    // context alive past the request. A context that reached the request (a getter reading
    // `req.ip` did) kept every request's objects alive long enough for the young generation to
    // promote them, and the old generation's collections that followed cost a fifth (a list) to
    // half (/health) of a request's CPU (docs/decisions.md). Without TRUST_PROXY, `req.ip` is
    // the socket's address; with it, X-Forwarded-For is parsed for every request.
    const context = {
      requestId,
      work: { waitedMs: 0, streamedStatementMs: 0 },
      clientAddress: trustProxy ? (req.ip ?? req.socket.remoteAddress) : req.socket.remoteAddress,
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
