import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { prepareDatabase } from '../../src/database/prepare-database';
import { createLogger } from '../../src/shared/logging/logger';
import { insertTestCurrencies } from './test-currencies';

export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A database of a test file's own, migrated and loaded exactly like the run's database, for tests
 * that must change reference data (the catalog) that every other test file reads.
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  if (serverUrl === undefined)
    throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests through jest (global setup)');
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = await ensureDatabase(serverUrl, name);
  await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
  await insertTestCurrencies(url);
  return { url, drop: () => dropDatabase(serverUrl, name) };
}
