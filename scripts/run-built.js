#!/usr/bin/env node
// Runs a compiled entry point (`node scripts/run-built.js dist/src/cli/main.js …`) after building if stale.
'use strict';
const { ensureBuilt } = require('./build-if-stale');
const { runChild } = require('./runtime');

const [entry, ...args] = process.argv.slice(2);
ensureBuilt();
runChild([entry, ...args]);
