import 'reflect-metadata';
import { tracing } from './tracing-start';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from './app.module';
import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { DatabaseRuntime, openDatabase } from './database/database-runtime';
import { createLogger, PinoNestLogger } from './shared/logging/logger';

/**
 * `npm run indexer`: the built-in indexer (EVM and Tron chains) alone, without HTTP, for every chain with an RPC URL.
 * Any number may run beside the API processes: one per chain indexes at a time (advisory lock).
 */
async function bootstrap(config: AppConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  if (config.indexer.chains.length === 0) {
    process.stderr.write('No chain to index: set RPC_URL_<chainId> or INDEXER_CHAINS\n');
    process.exit(1);
  }
  let database: DatabaseRuntime | undefined;
  let app: INestApplicationContext | undefined;
  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ signal }, 'indexer shutting down');
    await app?.close();
    await database?.stop();
    await tracing?.shutdown().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
  try {
    database = await openDatabase(config, logger);
    app = await NestFactory.createApplicationContext(
      AppModule.forRoot(
        { ...config, indexer: { ...config.indexer, enabled: true }, databaseUrl: database.url },
        logger,
      ),
      { logger: new PinoNestLogger(logger) },
    );
    logger.info({ chains: config.indexer.chains.map((chain) => chain.chainId) }, 'indexer running');
  } catch (error) {
    logger.fatal({ err: error }, `indexer start failed: ${error instanceof Error ? error.message : String(error)}`);
    await app?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
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
