import 'reflect-metadata';
import { DataSource, DataSourceOptions } from 'typeorm';
import { join } from 'node:path';
import { PooledDataSource } from './src/database/pooled-data-source';

/**
 * The one data source definition: the app, the CLI, the migration commands and the tests all build
 * their connection here, so they can never disagree about entities, migrations or pool settings.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [join(__dirname, 'src/**/*.entity.{ts,js}')],
    migrations: [join(__dirname, 'src/database/migrations/*.{ts,js}')],
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      max: 20,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'deployments-api',
      // No parallel workers: on a few cores they only multiply one request's processes, and a
      // Gather starts its workers even when a count decided first leaves the page nothing to read.
      options: '-c max_parallel_workers_per_gather=0',
    },
  };
}

export function createDataSource(url: string): DataSource {
  return new PooledDataSource(dataSourceOptions(url));
}

/** For the TypeORM CLI (`typeorm -d dist/ormconfig.js`): needs DATABASE_URL. */
export default createDataSource(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
