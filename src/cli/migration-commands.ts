import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { CliArgs, CliUsageError } from './cli-args';

/**
 * Runs `work` on the data source of ormconfig.ts, on DATABASE_URL or the embedded database, without
 * applying migrations first (these commands are how the schema is managed), under the start-up lock.
 */
async function withDataSource<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const [{ createDataSource }, { loadConfig }, { openDatabase }, { underStartupLock }, { createLogger }] =
    await Promise.all([
      import('../../ormconfig'),
      import('../config/app-config'),
      import('../database/database-runtime'),
      import('../database/prepare-database'),
      import('../shared/logging/logger'),
    ]);
  const logger = createLogger('silent');
  const config = loadConfig();
  const database = await openDatabase(config, logger, { prepare: false, whenEmbeddedRunning: 'reuse' });
  // A session lock and CONCURRENTLY-built indexes: on the session URL (never a transaction pooler).
  const url = config.databaseSessionUrl ?? database.url;
  const dataSource = createDataSource(url);
  try {
    // Never beside a starting instance's migrations: they take the same lock.
    return await underStartupLock(url, logger, async () => {
      await dataSource.initialize();
      return work(dataSource);
    });
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.stop();
  }
}

/** `npm run migration:run|revert|generate` (package.json maps them here). */
export const migrationCommands = {
  'migration:run': async (args: CliArgs) => {
    args.allowOnly();
    const applied = await withDataSource((dataSource) => dataSource.runMigrations({ transaction: 'each' }));
    return { applied: applied.map((migration) => migration.name) };
  },

  'migration:revert': async (args: CliArgs) => {
    args.allowOnly();
    return withDataSource(async (dataSource) => {
      const last = await dataSource.query<{ name: string }[]>(
        `SELECT name FROM schema_migrations ORDER BY id DESC LIMIT 1`,
      );
      await dataSource.undoLastMigration({ transaction: 'each' });
      return { reverted: last[0]?.name ?? null };
    });
  },

  /**
   * Writes the SQL that brings the database to what the entities describe as a new migration for
   * review (`--name AddSomething`); prints `{"file":null}` when nothing differs.
   */
  'migration:generate': async (args: CliArgs) => {
    const name = args.allowOnly('name').required('name');
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new CliUsageError('--name must be PascalCase, e.g. AddPayoutIndexes');
    return withDataSource(async (dataSource) => {
      const sql = await dataSource.driver.createSchemaBuilder().log();
      if (sql.upQueries.length === 0) return { file: null };
      const timestamp = Date.now();
      const quote = (query: string) => `\`${query.replace(/`/g, '\\`')}\``;
      const up = sql.upQueries.map((query) => `    await q.query(${quote(query.query)});`).join('\n');
      const down = [...sql.downQueries]
        .reverse()
        .map((query) => `    await q.query(${quote(query.query)});`)
        .join('\n');
      const file = join(__dirname, '../../../src/database/migrations', `${timestamp}-${name}.ts`);
      writeFileSync(
        file,
        `import { MigrationInterface, QueryRunner } from 'typeorm';\n\n` +
          `export class ${name}${timestamp} implements MigrationInterface {\n  name = '${name}${timestamp}';\n\n` +
          `  async up(q: QueryRunner): Promise<void> {\n${up}\n  }\n\n  async down(q: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
      );
      return { file };
    });
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;
