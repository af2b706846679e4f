import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { runMigrations } from './database-setup';

/**
 * What a database needs before the app serves from it: the schema (unless switched off with
 * RUN_MIGRATIONS=false) and the reference data every context relies on.
 */
export async function prepareDatabase(databaseUrl: string, config: Pick<AppConfig, 'runMigrations'>, logger: Logger): Promise<void> {
  if (config.runMigrations) {
    const applied = await runMigrations(databaseUrl);
    if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  }
}
