import { createLogger } from '../../src/shared/logging/logger';
import { prepareDatabase } from '../../src/database/prepare-database';
import { startTestDatabaseServer, TestDatabaseServer } from './test-database';

declare global {
  var __testDatabase: { server: TestDatabaseServer; name: string } | undefined;
}

/**
 * Once per run: a database of its own, migrated and loaded with the catalog. Its URL reaches the
 * workers through TEST_DATABASE_URL; every test file then creates the data it needs.
 */
export default async function globalSetup(): Promise<void> {
  const server = await startTestDatabaseServer();
  const { name, url } = await server.createDatabase('deployments_test');
  await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
  process.env.TEST_DATABASE_URL = url;
  process.env.TEST_DATABASE_SERVER_URL = server.serverUrl;
  globalThis.__testDatabase = { server, name };
}
