import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import { capConnections } from './shared/http/connection-caps';
import { bodyParserErrorHandler, jsonBodyParser, queryShapeGuard } from './shared/http/body-parsing';
import { consoleSite, CONSOLE_PATH } from './shared/http/console-site';
import { corsMiddleware } from './shared/http/cors.middleware';
import { ErrorResponseFilter } from './shared/http/error-response.filter';
import { installJsonReply } from './shared/http/json-reply';
import { parseQueryString } from './shared/http/query-string';
import { requestContextMiddleware } from './shared/http/request-context.middleware';
import { attachRouteEnhancers } from './shared/http/route-enhancers';
import { createValidationPipe } from './shared/http/validation';
import { httpMetricsMiddleware } from './shared/metrics/http-metrics.middleware';
import { Metrics } from './shared/metrics/metrics';
import { setupOpenApi } from './openapi';

/**
 * Everything the HTTP pipeline needs besides the modules, applied the same way by `main.ts` and
 * by the e2e tests, so tests exercise exactly what production serves.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig, logger: Logger): void {
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  express.set('etag', false);
  express.set('query parser', parseQueryString);
  if (config.trustProxy) express.set('trust proxy', true);
  installJsonReply(app.getHttpAdapter());

  app.use(httpMetricsMiddleware(app.get(Metrics)));
  app.use(requestContextMiddleware(logger, config.trustProxy));
  if (config.corsOrigins === '*' || config.corsOrigins.length > 0) app.use(corsMiddleware(config.corsOrigins));
  // The console's own pages and assets: not JSON, no query rules; answered before the API pipeline.
  app.use(CONSOLE_PATH, consoleSite());
  app.use(queryShapeGuard);
  app.use(jsonBodyParser);
  app.use(bodyParserErrorHandler);

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorResponseFilter(logger));
  attachRouteEnhancers(app);
  setupOpenApi(app);
  boundSlowClients(app.getHttpServer() as Server, config);
  capConnections(
    app.getHttpServer() as Server,
    {
      maxConnections: config.httpMaxConnections,
      // Behind a proxy every client arrives from the proxy's address: a cap per address would cap the proxy.
      maxPerClient: config.trustProxy ? 0 : config.httpMaxIdlePerClient,
    },
    logger,
  );
}

/**
 * A client that trickles its headers or its body is cut off (408, then closed) once the whole
 * request has taken `HTTP_BODY_TIMEOUT_MS`, instead of holding a connection for minutes. Node
 * checks these bounds every `connectionsCheckingInterval` (a tenth of the bound, at most a second),
 * read when the server starts listening, so it is set here, before `listen`. Idle keep-alive
 * connections live longer than a load balancer's idle timeout, so the balancer closes them first
 * and never sends a request on a connection this server is closing.
 */
function boundSlowClients(server: Server, config: AppConfig): void {
  server.headersTimeout = config.httpHeadersTimeoutSeconds * 1000;
  server.requestTimeout = config.httpBodyTimeoutMs;
  server.keepAliveTimeout = config.httpKeepAliveTimeoutSeconds * 1000;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
    1000,
    Math.ceil(config.httpBodyTimeoutMs / 10),
  );
}
