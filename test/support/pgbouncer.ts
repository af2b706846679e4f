import { ChildProcess, spawn } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './crash-rig';
import { unprivilegedUser } from './postgres-cluster';

export interface PgBouncer {
  readonly port: number;
  /** `databaseUrl` with its host and port replaced by the pooler's. */
  through(databaseUrl: string): string;
  /** What it logged (warnings, refused clients). */
  log(): string;
  stop(): Promise<void>;
}

const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'];

/** The pgbouncer binary, or undefined when the machine has none (`apt-get install pgbouncer`). */
export function pgbouncerBinary(): string | undefined {
  for (const path of CANDIDATES) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * A PgBouncer of the test's own, in transaction pooling mode, in front of the PostgreSQL that
 * `serverUrl` names (trust authentication, as the test server's): its ini in a temporary folder, on
 * a free port. As root it runs as an unprivileged user, since PgBouncer refuses to run as root.
 */
export async function startPgBouncer(
  serverUrl: string,
  options: { poolSize?: number; maxClients?: number } = {},
): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (binary === undefined) throw new Error('pgbouncer is not installed');
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const user = decodeURIComponent(server.username || 'postgres');
  // Clients are trusted; PgBouncer logs in to the server with the password kept here (the embedded
  // server of a fresh machine has one, the machine's own trusts and has none).
  const password = decodeURIComponent(server.password).replace(/"/g, '""');
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${password}"\n`, { mode: 0o600 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 10}`,
      `max_client_conn = ${options.maxClients ?? 500}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const runAs = userInfo().uid === 0 ? unprivilegedUser() : undefined;
  if (runAs !== undefined) {
    chownSync(dir, runAs.uid, runAs.gid);
    for (const file of ['users.txt', 'pgbouncer.ini']) chownSync(join(dir, file), runAs.uid, runAs.gid);
  }
  const child: ChildProcess = spawn(binary, [join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(runAs === undefined ? {} : { uid: runAs.uid, gid: runAs.gid }),
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const log = () => {
    try {
      return output + readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
    } catch {
      return output;
    }
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`pgbouncer did not start:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    through(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
