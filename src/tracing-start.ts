// First import of each entry point (main.ts, indexer.ts): tracing must be set up before express,
// pg and node:http are loaded, so the environment file is read here already.
import { loadEnvFile } from './config/env-file';
import { startTracing } from './shared/tracing/tracing';

loadEnvFile();

/** The running OpenTelemetry SDK, when OTEL_EXPORTER_OTLP_ENDPOINT is set; flushed at shutdown. */
export const tracing = startTracing();
