'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, utimesSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Compiles with the Nest CLI when dist/ is missing or older than any source file. */
function ensureBuilt() {
  const marker = join(root, 'dist', 'src', 'main.js');
  const sources = [
    'src',
    'contracts/artifacts',
    'ormconfig.ts',
    'tsconfig.json',
    'tsconfig.build.json',
    'package-lock.json',
  ].map((p) => join(root, p));
  if (existsSync(marker) && statSync(marker).mtimeMs >= Math.max(...sources.filter(existsSync).map(newestMtime)))
    return;
  process.stderr.write('building…\n');
  const result = spawnSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  const now = new Date();
  utimesSync(marker, now, now);
}

module.exports = { ensureBuilt };
