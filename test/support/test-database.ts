import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { EmbeddedDatabase, startEmbeddedPostgres } from '../../src/database/embedded-postgres';

export interface TestDatabaseServer {
  /** Maintenance connection on the server the tests use. */
  readonly serverUrl: string;
  createDatabase(prefix: string): Promise<{ name: string; url: string }>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server the test run uses: the one DATABASE_URL names, or an embedded one in a fresh folder
 * that is removed afterwards. Either way the run only ever touches databases it created.
 */
export async function startTestDatabaseServer(): Promise<TestDatabaseServer> {
  let embedded: EmbeddedDatabase | undefined;
  let folder: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    folder = mkdtempSync(join(tmpdir(), 'deployments-api-test-'));
    chmodSync(folder, 0o755);
    embedded = await startEmbeddedPostgres(folder, () => undefined);
    serverUrl = embedded.url;
  }
  const url = serverUrl;
  return {
    serverUrl: url,
    async createDatabase(prefix) {
      const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
      return { name, url: await ensureDatabase(url, name) };
    },
    dropDatabase: (name) => dropDatabase(url, name),
    async stop() {
      await embedded?.stop();
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    },
  };
}
