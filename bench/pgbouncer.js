'use strict';
// A PgBouncer of the bench's own, in transaction pooling mode, in front of the PostgreSQL a URL
// names (trust authentication, as the local server's): its ini in a temporary folder, on a free
// port. PgBouncer refuses to run as root, so as root it runs as the postgres user (or nobody).
// Used by `npm run bench:pool-mode` and by `BENCH_PGBOUNCER=1 npm run bench`.
const { spawn } = require('node:child_process');
const { accessSync, chownSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { tmpdir, userInfo } = require('node:os');
const { join } = require('node:path');
const { freePort } = require('./free-port');

function pgbouncerBinary() {
  for (const path of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer']) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not here
    }
  }
  throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
}

function postgresUser() {
  const users = readFileSync('/etc/passwd', 'utf8').split('\n');
  const line =
    users.find((entry) => entry.startsWith('postgres:')) ?? users.find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Starts PgBouncer before `serverUrl`'s server; `through(url)` is that URL by way of it. */
async function startPgBouncer(serverUrl, { poolSize = 20 } = {}) {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-pgbouncer-'));
  // Clients are trusted; PgBouncer logs in to the server with the password kept here (the embedded
  // server the bench starts on a fresh machine has one).
  const password = decodeURIComponent(server.password).replace(/"/g, '""');
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username || 'postgres')}" "${password}"\n`, {
    mode: 0o600,
  });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const runAs = userInfo().uid === 0 ? postgresUser() : {};
  if (runAs.uid !== undefined)
    for (const f of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, f), runAs.uid, runAs.gid);
  const child = spawn(pgbouncerBinary(), [join(dir, 'pgbouncer.ini')], { stdio: 'ignore', ...runAs });
  for (let i = 0; ; i++) {
    const up = await new Promise((resolve) => {
      const socket = net.createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (i >= 200 || child.exitCode !== null) throw new Error('pgbouncer did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid,
    through: (url) => Object.assign(new URL(url), { hostname: '127.0.0.1', port: String(port) }).toString(),
    stop: () => {
      child.kill('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { startPgBouncer };
