import 'reflect-metadata';
import { DataSource, DataSourceOptions } from 'typeorm';
import { join } from 'node:path';
import type { DatabasePoolMode } from './src/config/app-config';
import { PooledDataSource } from './src/database/pooled-data-source';

/**
 * The settings every statement of the app runs under. PostgreSQL or a session pooler takes them
 * once per connection (startup parameters); behind a pooler in transaction mode a connection is the
 * app's for one transaction only, and PgBouncer refuses such parameters (`unsupported startup
 * parameter`), so there they are set per transaction instead (see PooledDataSource).
 */
export const SESSION_SETTINGS = {
  statement_timeout: '15000',
  idle_in_transaction_session_timeout: '30000',
  // No parallel workers: on a few cores they only multiply one request's processes, and a
  // Gather starts its workers even when a count decided first leaves the page nothing to read.
  max_parallel_workers_per_gather: '0',
} as const;

/**
 * The one data source definition: the app, the CLI, the migration commands and the tests all build
 * their connection here, so they can never disagree about entities, migrations or pool settings.
 * `poolMode` says what `url` names (DATABASE_POOL_MODE); work that needs a session always gets a
 * `session` one (see sessionDatabaseUrl).
 */
export function dataSourceOptions(url: string, poolMode: DatabasePoolMode = 'session'): DataSourceOptions {
  const perConnection =
    poolMode === 'session'
      ? {
          statement_timeout: Number(SESSION_SETTINGS.statement_timeout),
          idle_in_transaction_session_timeout: Number(SESSION_SETTINGS.idle_in_transaction_session_timeout),
          options: `-c max_parallel_workers_per_gather=${SESSION_SETTINGS.max_parallel_workers_per_gather}`,
        }
      : {};
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
      // PgBouncer 1.18 takes application_name as a startup parameter (it tracks it per client).
      application_name: 'deployments-api',
      ...perConnection,
    },
  };
}

export function createDataSource(url: string, poolMode: DatabasePoolMode = 'session'): DataSource {
  return new PooledDataSource(dataSourceOptions(url, poolMode), { poolMode, sessionSettings: SESSION_SETTINGS });
}

/** For the TypeORM CLI (`typeorm -d dist/ormconfig.js`): needs DATABASE_URL. */
export default createDataSource(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
