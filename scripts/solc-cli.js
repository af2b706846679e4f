#!/usr/bin/env node
// Stands in for a native `solc` where forge (Foundry) wants one and none can be downloaded: the
// pinned `solc` npm package (solc-js, the same compiler the artifacts are built with) answers the
// two parts of solc's command line forge uses, `--version` and `--standard-json` (input on stdin,
// output on stdout). foundry.toml names this file as its `solc`.
'use strict';
const solc = require('solc');

const args = process.argv.slice(2);
if (args.includes('--version')) {
  // forge reads the semver after "Version: ".
  const version = solc.version().replace('.Emscripten.clang', '');
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${version}.Linux.g++\n`);
  process.exit(0);
}
if (!args.includes('--standard-json')) {
  process.stderr.write(`solc-cli: only --version and --standard-json are supported (got: ${args.join(' ')})\n`);
  process.exit(2);
}

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const input = Buffer.concat(chunks).toString('utf8');
  // forge passes every source in the input, so imports need no callback here; a missing one
  // comes back as solc's own "File not found" error.
  process.stdout.write(solc.compile(input));
});
