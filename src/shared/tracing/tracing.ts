import { context, SpanStatusCode, trace, type Span } from '@opentelemetry/api';

/** The tracer every span of ours comes from; a no-op (and free) while tracing is off. */
const tracer = trace.getTracer('deployments-api');

/**
 * Starts OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set, and does nothing otherwise: the
 * SDK is not even loaded. It must run before express, pg and node:http are first required, since
 * the instrumentations patch them as they load: the entry points call it from their first import
 * (`./tracing-start`). Exports over OTLP/HTTP; every OTEL_* variable of the SDK applies
 * (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER, OTEL_BSP_SCHEDULE_DELAY…). W3C `traceparent` on an
 * incoming request makes its spans children of the caller's.
 *
 * Only incoming HTTP is traced by the HTTP instrumentation: the service's outgoing requests are
 * merchant callbacks, whose URLs may carry the merchant's tokens, so they get a span of their own
 * (`callback.deliver`) that names the host only. PostgreSQL spans carry the statement text with
 * its `$n` placeholders, never the values.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): { shutdown(): Promise<void> } | undefined {
  if ((env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim() === '') return undefined;
  // Traces only: metrics are Prometheus' (GET /metrics) and logs pino's, so the SDK's own OTLP
  // metrics and logs exporters, on by default, stay off unless the operator asks for them.
  // An empty value (compose passes unset variables through empty) counts as unset, as everywhere.
  if ((env.OTEL_METRICS_EXPORTER ?? '').trim() === '') env.OTEL_METRICS_EXPORTER = 'none';
  if ((env.OTEL_LOGS_EXPORTER ?? '').trim() === '') env.OTEL_LOGS_EXPORTER = 'none';
  // Loaded on demand, so a process without tracing never pays for the SDK.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation } =
    require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    serviceName: (env.OTEL_SERVICE_NAME ?? '').trim() || 'deployments-api',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreOutgoingRequestHook: () => true }),
      new ExpressInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/** The active trace's id, for log lines; undefined outside a trace (and always while tracing is off). */
export function currentTraceId(): string | undefined {
  const span = trace.getSpan(context.active());
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

/**
 * Runs `work` in a span of its own (a child of the active one), recording a thrown error. Used
 * for work no instrumentation sees: callback deliveries and JSON-RPC calls.
 */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
