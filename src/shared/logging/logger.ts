import pino, { DestinationStream, Logger } from 'pino';
import type { LoggerService } from '@nestjs/common';
import { currentTraceId } from '../tracing/tracing';
import { currentRequestId } from './request-context';

/**
 * Header and body fields that carry credentials. They are never logged on purpose; the redaction
 * is the second line of defence should a future log call pass a whole request or body.
 */
const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-indexer-key"]',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.apiSecret',
  '*.apiKey',
  '*.refresh',
  '*.access',
  '*.token',
  '*.csrfToken',
  '*.slackWebhookUrl',
  '*.attributes.password',
  '*.attributes.refresh',
  '*.attributes.access',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Every line written while a request is handled carries its id, and the trace id when traced.
      mixin: () => {
        const requestId = currentRequestId();
        const traceId = currentTraceId();
        return {
          ...(requestId === undefined ? {} : { requestId }),
          ...(traceId === undefined ? {} : { traceId }),
        };
      },
    },
    destination,
  );
}

/** Routes Nest's own log calls into the same structured logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
