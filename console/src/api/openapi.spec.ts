import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The console's API types are generated from openapi.json and committed: the committed file must
 * be what the generator makes of the committed description, and the check must notice a change.
 */
const root = join(__dirname, '..', '..', '..');
const script = join(root, 'scripts', 'console-api-types.js');

function check(input?: string) {
  const args = [script, '--check', ...(input ? ['--input', input] : [])];
  return spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

describe('console/src/api/openapi.ts', () => {
  it('is what openapi-typescript makes of the committed openapi.json', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('is reported stale when the description changes (a field of the audit log renamed)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-types-'));
    try {
      const description = readFileSync(join(root, 'openapi.json'), 'utf8').replace(
        '"clientAddress"',
        '"clientIpAddress"',
      );
      writeFileSync(join(dir, 'openapi.json'), description);
      const result = check(join(dir, 'openapi.json'));
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/does not match openapi\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
