#!/usr/bin/env node
// `npm start`: build when the sources are newer than the build, then run the service.
'use strict';
const { spawn } = require('node:child_process');
const { ensureBuilt } = require('./build-if-stale');
const { runtime, SERVICE_NODE_FLAGS } = require('./runtime');

ensureBuilt();
const child = spawn(runtime(), [...SERVICE_NODE_FLAGS, 'dist/src/main.js', ...process.argv.slice(2)], { stdio: 'inherit' });

// A signal to this process (SIGTERM from a supervisor, or `kill`) goes to the service too, which
// then closes the app and stops the embedded PostgreSQL. Without this the service and its
// database would be left running when this process dies.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128)));
