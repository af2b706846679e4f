#!/usr/bin/env node
// Type-checks the console and builds it with Vite into dist/console (served by the service at /console/).
'use strict';
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');

for (const args of [
  [require.resolve('typescript/bin/tsc'), '-p', 'console/tsconfig.json'],
  [
    join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    'console/vite.config.mts',
    '--logLevel',
    'warn',
  ],
]) {
  // NODE_ENV=production whatever the caller's (jest sets "test"): Vite would otherwise bundle React's development build.
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
