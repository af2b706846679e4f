import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { TEST_JWT_SECRET, testDatabaseUrl } from './test-app';

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const CLI = join(__dirname, '..', '..', 'dist', 'src', 'cli', 'main.js');

/** Runs the built CLI (the global setup builds it) on the run's test database. */
export function runCli(...args: string[]): Promise<CliResult> {
  // The global setup migrated the database already; skipping the check saves each run a connection.
  return runCliOn(testDatabaseUrl(), { RUN_MIGRATIONS: 'false' }, ...args);
}

/** Runs the built CLI on another database (one a test created for itself). */
export function runCliOn(databaseUrl: string, env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The one JSON object a successful command prints, after checking that it printed nothing else. */
export function cliJson<T = Record<string, unknown>>(result: CliResult): T {
  if (result.status !== 0) throw new Error(`cli failed (${result.status}): ${result.stderr}`);
  expect(result.stderr).toBe('');
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as T;
}

/** A refused command: non-zero status, nothing on stdout, exactly one line on stderr. */
export function cliError(result: CliResult, status = 1): string {
  expect({ status: result.status, stdout: result.stdout }).toEqual({ status, stdout: '' });
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
}
