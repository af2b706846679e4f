'use strict';
// `node scripts/embedded-postgres-server.js <folder> <port>`: runs the built app's embedded
// PostgreSQL on that cluster and port until SIGTERM, then stops it cleanly, printing its URL as one
// JSON line once it is up. The crash tests and `npm run bench:faults` stop and restart a database
// under the app with it; it runs in a process of its own because the PostgreSQL packages load only
// as ES modules, which Jest's module runtime cannot import.
const { join } = require('node:path');
const { startEmbeddedPostgres } = require(join(__dirname, '..', 'dist', 'src', 'database', 'embedded-postgres'));

const [folder, port] = process.argv.slice(2);
startEmbeddedPostgres(folder, () => undefined, { whenRunning: 'refuse', port: Number(port) }).then(
  (server) => {
    process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
    process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
  },
  (error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
