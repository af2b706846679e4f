import type { INestApplicationContext } from '@nestjs/common';

/**
 * Runs `work` against the application (no HTTP): on DATABASE_URL, or on the embedded PostgreSQL as
 * `npm start` would use it, migrated and loaded. Logs stay silent: stdout carries the command's
 * JSON only. The application is imported here, on demand, so a misused command answers without
 * booting it.
 */
export async function withApplication<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const [{ NestFactory }, { AppModule }, { loadConfig }, { openDatabase }, { createLogger }] = await Promise.all([
    import('@nestjs/core'),
    import('../app.module'),
    import('../config/app-config'),
    import('../database/database-runtime'),
    import('../shared/logging/logger'),
  ]);
  const config = loadConfig();
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger, { prepare: true, whenEmbeddedRunning: 'reuse' });
  try {
    const app = await NestFactory.createApplicationContext(
      // A command is over in a moment: callbacks are the serving instances' to deliver, and it never
      // indexes, whatever INDEXER_ENABLED says.
      AppModule.forRoot(
        {
          ...config,
          databaseUrl: database.url,
          callbacks: { ...config.callbacks, workerEnabled: false },
          indexer: { ...config.indexer, enabled: false },
        },
        logger,
      ),
      {
        logger: false,
      },
    );
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
  }
}
