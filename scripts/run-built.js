#!/usr/bin/env node
// Runs a compiled entry point (`node scripts/run-built.js dist/src/cli/main.js …`) after building if stale.
'use strict';
const { spawnSync } = require('node:child_process');
const { ensureBuilt } = require('./build-if-stale');
const { runtime } = require('./runtime');

const [entry, ...args] = process.argv.slice(2);
ensureBuilt();
const result = spawnSync(runtime(), [entry, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
