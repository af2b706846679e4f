import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { ensureDatabase } from './database-setup';
import { startEmbeddedPostgres } from './embedded-postgres';
import { prepareDatabase } from './prepare-database';

const EMBEDDED_DATABASE_NAME = 'deployments';

export interface DatabaseRuntime {
  readonly url: string;
  /** Stops the embedded PostgreSQL when this process started one; otherwise does nothing. */
  stop(): Promise<void>;
}

/**
 * The database a process (server or CLI) works on, ready to use: DATABASE_URL when set, else the
 * embedded PostgreSQL under DATA_DIR; migrated and loaded either way unless `prepare` is false
 * (the migration commands manage the schema themselves).
 */
export async function openDatabase(
  config: AppConfig,
  logger: Logger,
  options: { prepare: boolean; whenEmbeddedRunning?: 'reuse' | 'refuse' } = { prepare: true },
): Promise<DatabaseRuntime> {
  if (config.databaseUrl !== null) {
    // Migrations take a session advisory lock and may build indexes CONCURRENTLY: never through a
    // transaction pooler.
    if (options.prepare) await prepareDatabase(config.databaseSessionUrl ?? config.databaseUrl, config, logger);
    return { url: config.databaseUrl, stop: () => Promise.resolve() };
  }
  // The server refuses a cluster another process runs; the CLI works on the running server's.
  const embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.info(line), {
    whenRunning: options.whenEmbeddedRunning ?? 'refuse',
    port: config.embeddedPgPort,
  });
  try {
    const url = await ensureDatabase(embedded.url, EMBEDDED_DATABASE_NAME);
    if (options.prepare) await prepareDatabase(url, config, logger);
    return { url, stop: () => embedded.stop() };
  } catch (error) {
    await embedded.stop().catch(() => undefined);
    throw error;
  }
}
