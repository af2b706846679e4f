import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { tracing } from './tracing-start';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app-setup';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { loadEnvFile } from './config/env-file';
import { DatabaseRuntime, openDatabase } from './database/database-runtime';
import { describeDemoData, seedDemoData } from './database/demo-data';
import { createLogger, PinoNestLogger } from './shared/logging/logger';

async function bootstrap(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  let database: DatabaseRuntime | undefined;
  let app: NestExpressApplication | undefined;

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    // Ctrl-C reaches this process twice (from the terminal, and forwarded by scripts/start.js):
    // the second one must not cut the shutdown short and leave the embedded PostgreSQL behind.
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app?.close().catch((error: unknown) => logger.error({ err: error }, 'closing the app failed'));
    await database?.stop();
    await tracing?.shutdown().catch(() => undefined);
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  try {
    database = await openDatabase(config, logger);
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.forRoot({ ...config, databaseUrl: database.url }, logger),
      {
        bodyParser: false,
        logger: new PinoNestLogger(logger),
      },
    );
    configureApp(app, config, logger);
    // Seeded before listening: a start that prints the demo credentials stays on the loopback
    // interface unless HOST says otherwise.
    await app.init();
    const demo = await seedDemoData(app, config);
    const host = config.host ?? (demo === undefined ? '0.0.0.0' : '127.0.0.1');
    await app.listen(config.port, host);
    // PORT=0 takes a free port: the log line names the one the system gave.
    const { port } = app.getHttpServer().address() as AddressInfo;
    const baseUrl = `http://${displayHost(host)}:${port}`;
    logger.info({ host, port }, `listening on ${baseUrl} (Swagger UI at /docs)`);
    if (demo !== undefined)
      process.stdout.write(describeDemoData(demo, { baseUrl, host, hostFromEnv: config.host !== null }));
  } catch (error) {
    logger.fatal({ err: error }, `start failed: ${error instanceof Error ? error.message : String(error)}`);
    await app?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    process.exit(1);
  }
}

/** How a person reaches an address the server listens on: every interface is reached as localhost. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

try {
  loadEnvFile();
  void bootstrap(loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
