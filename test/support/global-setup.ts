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
export default async function globalSetup(globalConfig: { selectProjects?: string[] }): Promise<void> {
  // The unit project (`npm run test:unit`) tests pure code: it needs neither a build nor a database.
  const selected = globalConfig.selectProjects;
  if (selected !== undefined && !selected.includes('e2e')) return;
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
}
