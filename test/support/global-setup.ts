import { createLogger } from '../../src/shared/logging/logger';
import { prepareDatabase } from '../../src/database/prepare-database';
import { DEFAULT_TEST_REDIS_URL, redisAnswers } from './redis';
import { insertTestCurrencies } from './test-currencies';
import { startTestDatabaseServer, TestDatabaseServer } from './test-database';

declare global {
  var __testDatabase: { server: TestDatabaseServer; name: string } | undefined;
}

/**
 * Once per run: a database of its own, migrated and loaded with the catalog. Its URL reaches the
 * workers through TEST_DATABASE_URL; every test file then creates the data it needs. Whether a
 * Redis answers is found out here too, once, because a spec must decide to skip synchronously.
 */
export default async function globalSetup(): Promise<void> {
  // The e2e project's own setup (jest.config.js): a run of unit specs alone never reaches it.
  // The CLI specs run the compiled CLI, as `npm run cli` does; build once, here, if sources changed.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS script, shared with npm start
  (require('../../scripts/build-if-stale') as { ensureBuilt(): void }).ensureBuilt();
  const server = await startTestDatabaseServer();
  const { name, url } = await server.createDatabase('deployments_test');
  await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
  await insertTestCurrencies(url);
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_DATABASE_SERVER_URL = server.serverUrl;
  globalThis.__testDatabase = { server, name };
  // Specs that need Redis read REACHABLE_REDIS_URL and skip, saying so, when it is empty.
  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
  process.env.REACHABLE_REDIS_URL = (await redisAnswers(redisUrl)) ? redisUrl : '';
  // Every key the run writes starts with this; the teardown removes them.
  process.env.TEST_REDIS_KEY_PREFIX = `deployments-api-test:${name}:`;
}
