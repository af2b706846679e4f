import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase, ensureDatabase } from '../../src/database/database-setup';
import { listeningPort } from '../support/listening';
import { TEST_JWT_SECRET, testDatabaseUrl } from '../support/test-app';

/**
 * Three instances of the built service started at the same moment on one fresh database: each
 * migration is applied once, by one of them, and all three serve.
 */
const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { runtime } = require('../../scripts/runtime') as { runtime: () => string };

describe('migrations at start, under an advisory lock', () => {
  const serverUrl = testDatabaseUrl();
  const databaseName = `startup_${randomBytes(4).toString('hex')}`;
  const instances: { child: ChildProcess; output: string }[] = [];

  afterAll(async () => {
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve(undefined);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await dropDatabase(serverUrl, databaseName);
  });

  it('applies each migration once when three instances start together on a fresh database', async () => {
    const databaseUrl = await ensureDatabase(serverUrl, databaseName);
    for (let i = 0; i < 3; i++) {
      const child = spawn(runtime(), [join(root, 'dist', 'src', 'main.js')], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: '0',
          DATABASE_URL: databaseUrl,
          JWT_SECRET: TEST_JWT_SECRET,
          LOG_LEVEL: 'info',
          CALLBACK_WORKER: 'false',
        },
      });
      const instance = { child, output: '' };
      child.stdout!.on('data', (chunk: Buffer) => (instance.output += chunk.toString('utf8')));
      child.stderr!.on('data', (chunk: Buffer) => (instance.output += chunk.toString('utf8')));
      instances.push(instance);
    }
    const deadline = Date.now() + 120_000;
    while (!instances.every(({ output }) => output.includes('listening on'))) {
      const died = instances.find(({ child }) => child.exitCode !== null);
      if (died !== undefined) throw new Error(`an instance exited:\n${died.output}`);
      if (Date.now() > deadline) throw new Error(instances.map(({ output }) => output).join('\n---\n'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const { output } of instances) {
      expect((await fetch(`http://127.0.0.1:${listeningPort(output)}/health/ready`)).status).toBe(200);
    }

    const files = readdirSync(join(root, 'src', 'database', 'migrations')).filter((name) => /^\d+-.+\.ts$/.test(name));
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; count: number }>(
        'SELECT name, count(*)::int AS count FROM schema_migrations GROUP BY name',
      );
      expect(rows).toHaveLength(files.length);
      expect(rows.every((row) => row.count === 1)).toBe(true);
    } finally {
      await client.end();
    }
    // One instance applied them; the other two found nothing pending.
    const appliers = instances.filter(({ output }) => output.includes('"msg":"migrations applied"'));
    expect(appliers).toHaveLength(1);
    const waited = instances.filter(({ output }) => output.includes('another instance is preparing the database'));
    expect(waited.length).toBeGreaterThanOrEqual(1);
    for (const { output } of instances) expect(output).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
