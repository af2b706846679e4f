import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { evmWallet } from '../support/builders';
import { listeningPort } from '../support/listening';
import { TEST_JWT_SECRET } from '../support/test-app';

/**
 * What a new user hit (issue 15 items 13, 14, 17), on the real entry points: `npm start`'s script
 * on the embedded database, the built CLI beside it, and `.env` at start.
 */
const root = join(__dirname, '..', '..');
const MAIN = join(root, 'dist', 'src', 'main.js');
const CLI = join(root, 'dist', 'src', 'cli', 'main.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SERVICE_NODE_FLAGS } = require('../../scripts/runtime') as { SERVICE_NODE_FLAGS: string[] };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? root,
      env: { PATH: process.env.PATH ?? '', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Is a process alive? (EPERM: alive, another user's, e.g. the postgres user when we run as root.) */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Pids of every process whose command line mentions `text`. */
function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Every process below `pid` (children, their children…), from /proc. */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Field 4 of /proc/<pid>/stat, after the parenthesised command name.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const found: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

describe('npm start on the embedded database', () => {
  let dataDir: string;
  let starter: ChildProcess | undefined;
  let output = '';
  let embeddedPort: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'deployments-api-start-'));
    chmodSync(dataDir, 0o755);
    // The embedded PostgreSQL's port is probed (EMBEDDED_PG_PORT is what this tests); the
    // service's is the system's pick (PORT=0), read back from its log line.
    embeddedPort = await freePort();
    // `npm start` itself, as a user or a supervisor runs it: the signal test below signals npm.
    starter = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        DATA_DIR: dataDir,
        PORT: '0',
        JWT_SECRET: TEST_JWT_SECRET,
        LOG_LEVEL: 'info',
        EMBEDDED_PG_PORT: String(embeddedPort),
      },
    });
    starter.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    starter.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const deadline = Date.now() + 90_000;
    while (listeningPort(output) === undefined || !output.includes('DEPLOYMENT_ID=')) {
      if (Date.now() > deadline || starter.exitCode !== null) throw new Error(`npm start did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(() => {
    if (starter?.exitCode === null) starter.kill('SIGKILL');
    for (const pid of processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only after printing the demo credentials, and says so', async () => {
    const port = listeningPort(output)!;
    expect(output).toContain(`listening on http://127.0.0.1:${port}`);
    expect(output).toContain('Listening on 127.0.0.1 only (set HOST=0.0.0.0 to listen on every interface)');
    expect(output).toContain(`export BASE_URL=http://127.0.0.1:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    // Not on the machine's other addresses.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal);
    if (external !== undefined) {
      await expect(fetch(`http://${external.address}:${port}/health`)).rejects.toThrow();
    }
  });

  it('runs the embedded PostgreSQL on EMBEDDED_PG_PORT', () => {
    // Line 4 of postmaster.pid is the port the server listens on.
    expect(Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3])).toBe(embeddedPort);
  });

  it('lets the CLI work beside it, on the database it runs', async () => {
    const address = evmWallet().address;
    const created = await run([CLI, 'member:create', '--address', address], {
      env: { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET },
    });
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ address, apiKey: expect.any(String) });
    // The CLI left the server's database running: a second command works the same way.
    const again = await run([CLI, 'member:create', '--address', evmWallet().address], {
      env: { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET },
    });
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
  }, 60_000);

  it('refuses a second server on the same files, saying what to do', async () => {
    const second = await run([MAIN], {
      env: { DATA_DIR: dataDir, PORT: '0', JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'fatal' },
    });
    expect(second.status).toBe(1);
    expect(second.stdout + second.stderr).toContain('is already running');
    expect(second.stdout + second.stderr).toContain('set DATABASE_URL');
  }, 60_000);

  it('runs the service with the heap settings that start:prod and the image use too', () => {
    const [appPid] = processesMentioning('dist/src/main.js').filter((pid) =>
      readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`DATA_DIR=${dataDir}`),
    );
    const args = readFileSync(`/proc/${appPid}/cmdline`, 'utf8').split('\0');
    const startProd = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts['start:prod'];
    const dockerCmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'docker', 'Dockerfile'), 'utf8'))![1];
    expect(SERVICE_NODE_FLAGS).toContain('--max-semi-space-size=4');
    for (const flag of SERVICE_NODE_FLAGS) {
      expect(args).toContain(flag);
      expect(startProd.split(' ')).toContain(flag);
      expect(JSON.parse(dockerCmd)).toContain(flag);
    }
  });

  it('runs node directly under npm, with no shell in between to swallow signals', () => {
    const children = descendants(starter!.pid!);
    const commands = children.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    expect(commands.some((args) => /(^|\/)(sh|bash|dash)$/.test(args[0]))).toBe(false);
    expect(commands.some((args) => args.includes('scripts/start.js'))).toBe(true);
    expect(commands.some((args) => args.includes('dist/src/main.js'))).toBe(true);
  });

  it('stops npm, the app and the embedded PostgreSQL on SIGTERM to npm, leaving no process behind', async () => {
    const postgresPid = Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const appPids = processesMentioning('dist/src/main.js').filter((pid) =>
      readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`DATA_DIR=${dataDir}`),
    );
    const tree = descendants(starter!.pid!);
    expect(alive(postgresPid)).toBe(true);
    expect(appPids).toHaveLength(1);
    expect(tree).toEqual(expect.arrayContaining([appPids[0], postgresPid]));
    const exited = new Promise<number | null>((resolve) => starter!.once('exit', (code) => resolve(code)));
    starter!.kill('SIGTERM');
    expect(await exited).toBe(0);
    const deadline = Date.now() + 20_000;
    while ((alive(postgresPid) || alive(appPids[0])) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(alive(appPids[0])).toBe(false);
    expect(alive(postgresPid)).toBe(false);
    expect(tree.filter(alive)).toEqual([]);
    expect(processesMentioning(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 60_000);
});

describe('.env at start', () => {
  let cwd: string;

  beforeAll(() => {
    cwd = mkdtempSync(join(tmpdir(), 'deployments-api-env-'));
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('is read from the working directory: production from .env without DATABASE_URL is refused clearly', async () => {
    writeFileSync(join(cwd, '.env'), `NODE_ENV=production\nJWT_SECRET=${TEST_JWT_SECRET}\n`);
    const result = await run([MAIN], { cwd, env: { DATA_DIR: join(cwd, 'data') } });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'Invalid configuration: DATABASE_URL is required when NODE_ENV=production (the embedded PostgreSQL is for ' +
        'development: set DATABASE_URL=postgres://user:password@host:5432/db)\n',
    );
    expect(existsSync(join(cwd, 'data'))).toBe(false);
  });

  it('loses to variables already set in the environment', async () => {
    writeFileSync(join(cwd, '.env'), `NODE_ENV=production\nPORT=not-a-port\n`);
    const result = await run([MAIN], { cwd, env: { NODE_ENV: 'development', DATA_DIR: join(cwd, 'data') } });
    expect(result.status).toBe(1);
    // NODE_ENV=development came from the environment (else JWT_SECRET would be missing first);
    // PORT came from the file.
    expect(result.stderr).toBe('Invalid configuration: PORT must be an integer from 0 to 65535 (got "not-a-port")\n');
  });
});
