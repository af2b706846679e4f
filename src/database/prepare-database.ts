import { Client } from 'pg';
import type { Logger } from 'pino';
import { createDataSource } from '../../ormconfig';
import { AppConfig } from '../config/app-config';
import { loadCatalog } from '../modules/catalog/catalog-loader';

/**
 * The advisory lock key start-up work holds (an arbitrary constant of this application): any
 * number of instances may start together on one database, and they take turns.
 */
export const STARTUP_LOCK_KEY = 7_340_912_001;

/** How often an instance waiting for another's start-up work tries the lock again. */
const STARTUP_LOCK_POLL_MS = 250;

/**
 * What a database needs before the app serves from it: the schema (unless switched off with
 * RUN_MIGRATIONS=false) and the reference data every context relies on (the catalog).
 *
 * Both run under a PostgreSQL advisory lock held on a connection of its own, so instances starting
 * together apply each migration once: the first applies them, the others wait, then find nothing
 * pending. A session lock is released by PostgreSQL itself when its connection ends, so an
 * instance that dies mid-migration never leaves the others waiting for ever.
 */
export async function prepareDatabase(
  databaseUrl: string,
  config: Pick<AppConfig, 'runMigrations'>,
  logger: Logger,
): Promise<void> {
  await underStartupLock(databaseUrl, logger, () => prepareUnderLock(databaseUrl, config, logger));
}

/** Runs `work` holding the start-up lock (the migration commands of the CLI take it too). */
export async function underStartupLock<T>(databaseUrl: string, logger: Logger, work: () => Promise<T>): Promise<T> {
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    const tryLock = async () =>
      (await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [STARTUP_LOCK_KEY])).rows[0]
        .locked;
    if (!(await tryLock())) {
      logger.info('another instance is preparing the database; waiting for it');
      // Polled, not `pg_advisory_lock`: a session blocked in that statement keeps a snapshot open, and
      // a migration building an index CONCURRENTLY waits for every older snapshot to end, so the
      // holder and its waiters would wait for each other for ever.
      while (!(await tryLock())) await new Promise((resolve) => setTimeout(resolve, STARTUP_LOCK_POLL_MS));
    }
    return await work();
  } finally {
    // Ending the session releases the lock.
    await lock.end();
  }
}

async function prepareUnderLock(
  databaseUrl: string,
  config: Pick<AppConfig, 'runMigrations'>,
  logger: Logger,
): Promise<void> {
  const dataSource = createDataSource(databaseUrl);
  await dataSource.initialize();
  try {
    if (config.runMigrations) {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0)
        logger.info({ migrations: applied.map((migration) => migration.name) }, 'migrations applied');
    }
    const written = await loadCatalog(dataSource);
    logger.info({ written }, 'catalog loaded');
  } finally {
    await dataSource.destroy();
  }
}
