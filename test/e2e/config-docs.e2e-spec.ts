import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every variable the configuration reads is in `.env.example` and in docs/configuration.md's
 * table, and neither names one the service does not read. The variables are found where they are
 * read: `(env, 'NAME'` in src/config, `env.NAME` in the tracing set-up (the SDK's own variables).
 */
const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function readVariables(): string[] {
  const names = new Set<string>();
  for (const file of ['src/config/app-config.ts', 'src/config/indexer-config.ts']) {
    for (const match of read(file).matchAll(/\(env, '([A-Z][A-Z0-9_]*)'/g)) names.add(match[1]);
  }
  for (const match of read('src/shared/tracing/tracing.ts').matchAll(/env\.(OTEL_[A-Z_]+)/g)) names.add(match[1]);
  // RPC_URL_<chainId> is read by pattern, one variable per chain.
  if (/RPC_URL_\(\.\+\)/.test(read('src/config/indexer-config.ts'))) names.add('RPC_URL_<chainId>');
  return [...names].sort();
}

/** `NAME=` lines of .env.example, commented out or not; `RPC_URL_11155111` stands for the pattern. */
function envExampleVariables(): string[] {
  const names = new Set<string>();
  for (const match of read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)) {
    names.add(/^RPC_URL_\d+$/.test(match[1]) ? 'RPC_URL_<chainId>' : match[1]);
  }
  return [...names].sort();
}

/** Variables in the first column of docs/configuration.md's table (`A` / `B` rows name two). */
function documentedVariables(): string[] {
  const section = read('docs/configuration.md');
  const names = new Set<string>();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    for (const match of row.split(' | ')[0].matchAll(/`([A-Z][A-Z0-9_<>a-zA-Z]*)`/g)) names.add(match[1]);
  }
  return [...names].sort();
}

describe('configuration documentation', () => {
  const schema = readVariables();

  it('finds the variables the configuration reads', () => {
    expect(schema).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'REDIS_KEY_PREFIX',
        'EMBEDDED_PG_PORT',
        'CORS_ORIGINS',
        'METRICS_TOKEN',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'CALLBACK_SECRET_KEY',
        'CALLBACK_ALLOW_PRIVATE',
        'CALLBACK_WORKER',
        'CALLBACK_RETRY_SCHEDULE_MS',
        'CALLBACK_POLL_INTERVAL_MS',
        'CALLBACK_TIMEOUT_MS',
        'RPC_URL_<chainId>',
      ]),
    );
  });

  it('.env.example lists exactly the variables the configuration reads', () => {
    expect(envExampleVariables()).toEqual(schema);
  });

  it("docs/configuration.md's table lists exactly the variables the configuration reads", () => {
    expect(documentedVariables()).toEqual(schema);
  });
});
