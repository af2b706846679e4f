import type { Logger } from 'pino';
import { createDataSource } from '../../ormconfig';
import { AppConfig } from '../config/app-config';
import { loadCatalog } from '../modules/catalog/catalog-loader';

/**
 * What a database needs before the app serves from it: the schema (unless switched off with
 * RUN_MIGRATIONS=false) and the reference data every context relies on (the catalog).
 */
export async function prepareDatabase(
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
