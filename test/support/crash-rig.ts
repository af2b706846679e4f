import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForListeningPort } from './listening';
import { Client } from 'pg';
import { ensureDatabase } from '../../src/database/database-setup';
import { prepareDatabase } from '../../src/database/prepare-database';
import { createLogger } from '../../src/shared/logging/logger';
import { TEST_JWT_SECRET } from './test-app';

const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS script, shared with npm start
const { runtime, SERVICE_NODE_FLAGS } = require('../../scripts/runtime') as {
  runtime(): string;
  SERVICE_NODE_FLAGS: string[];
};

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL server of the test's own (not the run's shared one), so the test may stop it under
 * the app and start it again on the same port, as an operator's restart or a failover would.
 */
export interface OwnPostgres {
  /** The migrated, catalog-loaded database the app uses. */
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'deployments-api-crash-'));
  chmodSync(folder, 0o755);
  const port = await freePort();
  let server: RunningServer | undefined = await runServer(folder, port);
  const url = await ensureDatabase(server.url, 'crash_test');
  await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
  return {
    url,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server ??= await runServer(folder, port);
    },
    async remove() {
      await server?.stop();
      server = undefined;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** The embedded PostgreSQL, run by `scripts/embedded-postgres-server.js` in a process of its own. */
function runServer(folder: string, port: number): Promise<RunningServer> {
  const helper = spawn(process.execPath, [join(root, 'scripts', 'embedded-postgres-server.js'), folder, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  helper.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    helper.once('exit', (code) => reject(new Error(`PostgreSQL did not start (${code}): ${output}`)));
    helper.stdout!.once('data', (chunk: Buffer) => {
      const { url } = JSON.parse(chunk.toString('utf8')) as { url: string };
      resolve({
        url,
        stop: () =>
          new Promise<void>((done) => {
            if (helper.exitCode !== null) return done();
            helper.once('exit', () => done());
            helper.kill('SIGTERM');
          }),
      });
    });
  });
}

/** The built app (`dist/src/main.js`, as `npm start` runs it) in a child process of the test. */
export interface AppProcess {
  readonly baseUrl: string;
  readonly child: ChildProcess;
  output(): string;
  kill(): Promise<void>;
}

export async function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const child = spawn(runtime(), [...SERVICE_NODE_FLAGS, join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      JWT_SECRET: TEST_JWT_SECRET,
      // info: the line naming the port the system gave it.
      LOG_LEVEL: 'info',
      CALLBACK_WORKER: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${await waitForListeningPort(child, () => output, 60_000)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited at start:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A connection of the test's own that holds a row lock, so a request of the app waits mid-transaction. */
export async function holdRowLock(url: string, sql: string, params: unknown[]): Promise<{ release(): Promise<void> }> {
  const client = new Client({ connectionString: url });
  // The server may be stopped under it: that ends the lock too.
  client.on('error', () => undefined);
  await client.connect();
  await client.query('BEGIN');
  await client.query(sql, params);
  return {
    release: async () => {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Until `count` sessions of the app (application_name deployments-api) wait for a lock. */
export async function waitForLockWaiters(url: string, count = 1): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND application_name = 'deployments-api' AND datname = current_database()`,
      );
      if (Number(rows[0].n) >= count) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} requests ever waited for the lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}
