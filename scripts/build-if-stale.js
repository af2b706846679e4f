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

/** True when `marker` is missing or older than any of `sources` (paths relative to the root). */
function stale(marker, sources) {
  const paths = sources.map((p) => join(root, p)).filter(existsSync);
  return !existsSync(marker) || statSync(marker).mtimeMs < Math.max(...paths.map(newestMtime));
}

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function touch(marker) {
  const now = new Date();
  utimesSync(marker, now, now);
}

/** Compiles the server with the Nest CLI when dist/ is missing or older than any source file. */
function ensureServerBuilt() {
  const marker = join(root, 'dist', 'src', 'main.js');
  const sources = [
    'src',
    'contracts/artifacts',
    'ormconfig.ts',
    'tsconfig.json',
    'tsconfig.build.json',
    'package-lock.json',
  ];
  if (!stale(marker, sources)) return;
  process.stderr.write('building…\n');
  run([require.resolve('@nestjs/cli/bin/nest.js'), 'build']);
  touch(marker);
}

/** Builds the console (scripts/build-console.js) when dist/console is missing or older than console/. */
function ensureConsoleBuilt() {
  const marker = join(root, 'dist', 'console', 'index.html');
  if (!stale(marker, ['console', 'package-lock.json'])) return;
  process.stderr.write('building the console…\n');
  run([join(__dirname, 'build-console.js')]);
  touch(marker);
}

function ensureBuilt() {
  ensureServerBuilt();
  ensureConsoleBuilt();
}

module.exports = { ensureBuilt, ensureServerBuilt, ensureConsoleBuilt };
