import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { cliError, cliJson, runCliOn } from '../support/cli';

/** `npm run migration:run|revert|generate` on a database of the test's own. */
describe('migration commands', () => {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL as string;
  const name = `migrations_${Date.now().toString(36)}`;
  let url: string;

  beforeAll(async () => {
    url = await ensureDatabase(serverUrl, name);
  });
  afterAll(() => dropDatabase(serverUrl, name));

  const run = (...args: string[]) => runCliOn(url, { RUN_MIGRATIONS: 'false' }, ...args);

  async function tables(): Promise<string[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const result = await client.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
      );
      return result.rows.map((row) => row.tablename);
    } finally {
      await client.end();
    }
  }

  it('applies every migration once, reverts the last one, and applies it again', async () => {
    const first = cliJson<{ applied: string[] }>(await run('migration:run'));
    expect(first.applied.length).toBeGreaterThanOrEqual(5);
    expect(first.applied[0]).toMatch(/^\D+\d{13}$/);
    expect(await tables()).toEqual(expect.arrayContaining(['deployments', 'transactions', 'schema_migrations']));

    expect(cliJson(await run('migration:run'))).toEqual({ applied: [] });

    const last = first.applied[first.applied.length - 1];
    expect(cliJson(await run('migration:revert'))).toEqual({ reverted: last });
    expect(cliJson(await run('migration:run'))).toEqual({ applied: [last] });
  }, 120_000);

  it('refuses a migration name that is not PascalCase, and unknown flags', async () => {
    expect(cliError(await run('migration:generate', '--name', 'bad name'), 2)).toMatch(/PascalCase/);
    expect(cliError(await run('migration:run', '--force', 'yes'), 2)).toMatch(/unknown flag --force/);
  });
});
