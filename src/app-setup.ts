import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import { bodyParserErrorHandler, jsonBodyParser } from './shared/http/body-parsing';
import { ErrorResponseFilter } from './shared/http/error-response.filter';
import { installJsonReply } from './shared/http/json-reply';
import { parseQueryString } from './shared/http/query-string';
import { requestContextMiddleware } from './shared/http/request-context.middleware';
import { UndeclaredQueryInterceptor } from './shared/http/undeclared-query.interceptor';
import { createValidationPipe } from './shared/http/validation';
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

  app.use(requestContextMiddleware(logger));
  app.use(jsonBodyParser);
  app.use(bodyParserErrorHandler);

  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ErrorResponseFilter(logger));
  app.useGlobalInterceptors(new UndeclaredQueryInterceptor());
  setupOpenApi(app);
}
