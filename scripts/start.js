#!/usr/bin/env node
// `npm start`: build when the sources are newer than the build, then run the service.
'use strict';
const { ensureBuilt } = require('./build-if-stale');
const { runChild, SERVICE_NODE_FLAGS } = require('./runtime');

ensureBuilt();
runChild([...SERVICE_NODE_FLAGS, 'dist/src/main.js', ...process.argv.slice(2)]);
