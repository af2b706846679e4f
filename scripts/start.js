#!/usr/bin/env node
// `npm start`: build when the sources are newer than the build, then run the service.
'use strict';
const { spawnSync } = require('node:child_process');
const { ensureBuilt } = require('./build-if-stale');

ensureBuilt();
const result = spawnSync(process.execPath, ['dist/src/main.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
