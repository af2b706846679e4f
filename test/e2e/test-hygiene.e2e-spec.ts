import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Redis from 'ioredis';
import { removeKeys, testRedisKeyPrefix } from '../support/redis';

/**
 * What the tests leave behind on a developer's machine: Redis keys only under the run's own
 * prefix, removed at the end of the run; no temporary folder a spec made.
 */
const root = join(__dirname, '..', '..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return files(path, pattern);
    return pattern.test(path) ? [path] : [];
  });
}

const specs = [...files('test', /\.ts$/), ...files('src', /\.spec\.ts$/)];
const redisUrl = process.env.REACHABLE_REDIS_URL ?? '';

describe('what the tests leave behind', () => {
  it('every Redis key prefix a spec sets is under the run prefix', () => {
    const prefixes = specs.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/REDIS_KEY_PREFIX: (`[^`]*`|'[^']*')/g)].map((match) => ({
        file,
        prefix: match[1],
      })),
    );
    expect(prefixes.length).toBeGreaterThan(0);
    expect(prefixes.filter(({ prefix }) => !prefix.startsWith('`${testRedisKeyPrefix()}'))).toEqual([]);
    expect(testRedisKeyPrefix()).toMatch(/^deployments-api-test:deployments_test_[a-z0-9_]+:$/);
  });

  (redisUrl === '' ? it.skip : it)('the teardown removes the run prefix and nothing else', async () => {
    const client = new Redis(redisUrl);
    const mine = `${testRedisKeyPrefix()}${randomUUID()}:`;
    const other = `deployments-api-other:${randomUUID()}`;
    try {
      await client.set(`${mine}a`, '1');
      await client.set(`${mine}b`, '1');
      await client.set(other, 'keep');
      expect(await removeKeys(redisUrl, mine)).toBe(2);
      expect(await client.exists(`${mine}a`, `${mine}b`)).toBe(0);
      expect(await client.get(other)).toBe('keep');
      await expect(removeKeys(redisUrl, '')).rejects.toThrow(/refusing/);
    } finally {
      await client.del(other);
      client.disconnect();
    }
  });

  it('no test probes for a free port, except where a fixed port is what is tested', () => {
    // Probing (listen on 0, close, hand the number on) races every other process on the machine:
    // servers listen on port 0 themselves and report the port. Three need a port known in advance: a
    // PostgreSQL the crash tests restart at the same URL, a Redis the fallback test stops and starts
    // again at the same URL (the service must find it back there), and EMBEDDED_PG_PORT, which is
    // under test.
    const probing = specs.filter((file) =>
      /\.close\(\(\) => resolve\((port|free)\)\)/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(probing.sort()).toEqual([
      'test/e2e/rate-limit-fallback.e2e-spec.ts',
      'test/e2e/start-script.e2e-spec.ts',
      'test/support/crash-rig.ts',
    ]);
  });

  it('every spec that makes a temporary folder removes it', () => {
    const leaving = specs.filter((file) => {
      if (file.endsWith('test-hygiene.e2e-spec.ts')) return false;
      const text = readFileSync(join(root, file), 'utf8');
      return /mkdtemp(Sync)?\(/.test(text) && !/rmSync\(|rm\(/.test(text);
    });
    expect(leaving.map((file) => relative(root, join(root, file)))).toEqual([]);
  });
});
