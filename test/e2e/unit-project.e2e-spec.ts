import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run test:unit` tests pure code: it must neither build dist/ nor reach a database. The
 * child run is pointed at a PostgreSQL that cannot answer; were the e2e project's global setup to
 * run, it would fail on it.
 */
const root = join(__dirname, '..', '..');
const marker = join(root, 'dist', 'src', 'main.js');

describe('npm run test:unit', () => {
  it('runs unit specs with an unreachable DATABASE_URL, building nothing', () => {
    const builtBefore = existsSync(marker) ? statSync(marker).mtimeMs : undefined;
    const result = spawnSync(
      process.execPath,
      [
        require.resolve('jest/bin/jest'),
        '--selectProjects',
        'unit',
        '--runTestsByPath',
        'src/config/app-config.spec.ts',
      ],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/unreachable',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect({ status: result.status, stderr: result.stderr }).toEqual({
      status: 0,
      stderr: expect.stringContaining('Tests:') as unknown,
    });
    expect(result.stderr).not.toContain('building');
    expect(result.stderr).not.toContain('ECONNREFUSED');
    expect(existsSync(marker) ? statSync(marker).mtimeMs : undefined).toBe(builtBefore);
  });
});
