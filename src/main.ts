import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app-setup';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { ensureDatabase } from './database/database-setup';
import { EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';
import { createLogger, PinoNestLogger } from './shared/logging/logger';

const EMBEDDED_DATABASE_NAME = 'deployments';

async function bootstrap(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let app: NestExpressApplication | undefined;

  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ signal }, 'shutting down');
    await app?.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));

  try {
    let databaseUrl = config.databaseUrl;
    if (databaseUrl === null) {
      embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.info(line));
      databaseUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE_NAME);
    }
    await prepareDatabase(databaseUrl, config, logger);

    app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ ...config, databaseUrl }, logger), {
      bodyParser: false,
      logger: new PinoNestLogger(logger),
    });
    configureApp(app, config, logger);
    await app.listen(config.port);
    logger.info(`listening on http://localhost:${config.port} (Swagger UI at /docs)`);
  } catch (error) {
    logger.fatal({ err: error }, `start failed: ${error instanceof Error ? error.message : String(error)}`);
    await app?.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

try {
  void bootstrap(loadConfig());
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
