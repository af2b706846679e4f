'use strict';
// `npm run bench:faults`: writers create payouts with Idempotency-Keys through PostgreSQL restarts
// and a `kill -9` of the app, retrying each key (as a client should) until it is answered 201. Then
// it checks the database: every acknowledged write is there with the id it was acknowledged with
// (lost: must be 0), no key made two payouts (duplicated: 0), and no key was still refused as in
// progress 30 s after the last fault (stuck: 0). It runs on a PostgreSQL of its own, in a temporary
// folder, and exits non-zero when any of the three is not 0.
// Knobs: FAULTS_WRITERS (8), FAULTS_SECONDS (40, the span over which the faults are spread),
// FAULTS_PG_RESTARTS (3), FAULTS_APP_KILLS (2), FAULTS_PG_DOWN_MS (1500).
const { spawn } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const { chmodSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { runtime, SERVICE_NODE_FLAGS } = require('../scripts/runtime');
const { freePort } = require('./free-port');

const root = join(__dirname, '..');
const dist = (p) => require(join(root, 'dist', p));
const { ensureDatabase } = dist('src/database/database-setup');
const { prepareDatabase } = dist('src/database/prepare-database');
const { createLogger } = dist('src/shared/logging/logger');

const WRITERS = Number(process.env.FAULTS_WRITERS || 8);
const SECONDS = Number(process.env.FAULTS_SECONDS || 40);
const PG_RESTARTS = Number(process.env.FAULTS_PG_RESTARTS || 3);
const APP_KILLS = Number(process.env.FAULTS_APP_KILLS || 2);
const PG_DOWN_MS = Number(process.env.FAULTS_PG_DOWN_MS || 1500);
/** A key refused as in progress longer than this after the last fault is stuck. */
const LEASE_MS = 30_000;
const JWT_SECRET = randomBytes(32).toString('hex');
const log = (...args) => process.stderr.write(`${new Date().toISOString().slice(11, 23)} ${args.join(' ')}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The embedded PostgreSQL in a process of its own, so it can be stopped and started on one port. */
function startPostgres(folder, port) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'embedded-postgres-server.js'), folder, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (${code})`)));
    child.stdout.once('data', (chunk) => {
      const { url } = JSON.parse(chunk.toString('utf8'));
      resolve({
        url,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

function startApp(databaseUrl, port) {
  const child = spawn(runtime(), [...SERVICE_NODE_FLAGS, join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      JWT_SECRET,
      LOG_LEVEL: 'error',
      CALLBACK_WORKER: 'false',
      API_RATE_LIMIT: '0',
      // Every write is a queued payout: the queue must hold them all.
      QUEUE_NONCE_WINDOW: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function waitForHealth(baseUrl) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/health`)).status === 200) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error('the app did not come up');
}

const uuid = () => {
  const b = randomBytes(16);
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** A member with an API key, and an account with one deployment on Ethereum whose only approver it is. */
async function seed(url) {
  const db = new Client({ connectionString: url });
  await db.connect();
  const apiKey = randomBytes(32).toString('base64url');
  const memberId = uuid();
  const address = '0x' + randomBytes(20).toString('hex');
  await db.query(`INSERT INTO members (id, address, address_hex, network_type) VALUES ($1, $2, $2, 'evm')`, [
    memberId,
    address,
  ]);
  await db.query(
    `INSERT INTO member_credentials (member_id, api_key_sha256, api_secret_scrypt) VALUES ($1, $2, 'unused')`,
    [memberId, createHash('sha256').update(apiKey).digest('hex')],
  );
  const accountId = uuid();
  const deploymentId = uuid();
  const contract = '0x' + randomBytes(20).toString('hex');
  await db.query(
    `INSERT INTO accounts (id, name, network_type, contract_address, contract_address_hex, smart_contract_version_id,
                           initial_approvers, initial_threshold)
     VALUES ($1, 'faults', 'evm', $2, $2, '1.2.0-evm', ARRAY[$3], 1)`,
    [accountId, contract, address],
  );
  await db.query(`INSERT INTO account_members (account_id, member_id, role) VALUES ($1, $2, 'ADMIN')`, [
    accountId,
    memberId,
  ]);
  await db.query(
    `INSERT INTO deployments (id, account_id, chain_id, network_type, address, address_hex, smart_contract_version_id, approvers, threshold, deployment_status)
     VALUES ($1, $2, '1', 'evm', $3, $3, '1.2.0-evm', ARRAY[$4], 1, 'deployed')`,
    [deploymentId, accountId, contract, address],
  );
  await db.end();
  return { apiKey, deploymentId };
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'deployments-api-faults-'));
  chmodSync(folder, 0o755);
  const pgPort = await freePort();
  const appPort = await freePort();
  const baseUrl = `http://127.0.0.1:${appPort}`;
  let pg = await startPostgres(folder, pgPort);
  let app;
  try {
    const url = await ensureDatabase(pg.url, 'faults');
    await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
    const { apiKey, deploymentId } = await seed(url);
    app = startApp(url, appPort);
    await waitForHealth(baseUrl);
    log(`app on ${baseUrl}, PostgreSQL on port ${pgPort}; ${WRITERS} writers for ${SECONDS} s`);

    const counts = { requests: 0, status: {}, cutOff: 0 };
    /** key → the payout id it was acknowledged with. */
    const acknowledged = new Map();
    /** keys never answered 201: key → the last answer. */
    const unsettled = new Map();
    let lastFaultAt = Date.now();
    let writing = true;

    const writeOnce = async (key) => {
      const body = {
        deploymentId,
        currencyId: '1',
        amount: '0.001',
        toAddress: '0x' + randomBytes(20).toString('hex'),
        trackingId: key,
      };
      for (;;) {
        counts.requests += 1;
        let status;
        try {
          const res = await fetch(`${baseUrl}/api/v1/deployments/${deploymentId}/payouts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'idempotency-key': key },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(20_000),
          });
          status = res.status;
          const answer = await res.json().catch(() => null);
          if (status === 201) {
            acknowledged.set(key, answer.id);
            unsettled.delete(key);
            return;
          }
        } catch {
          status = 'cut off';
          counts.cutOff += 1;
        }
        counts.status[status] = (counts.status[status] ?? 0) + 1;
        unsettled.set(key, status);
        // A key that is still refused long after the last fault is stuck: give up on it.
        if (Date.now() - lastFaultAt > LEASE_MS + 5_000) return;
        await sleep(100 + Math.random() * 200);
      }
    };
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let n = 0; writing; n += 1) await writeOnce(`w${w}-${n}`);
    });

    // The faults, interleaved and spread evenly over the run: PostgreSQL restarts and app kills.
    const order = [];
    for (let i = 0; i < Math.max(PG_RESTARTS, APP_KILLS); i += 1) {
      if (i < PG_RESTARTS) order.push('restart PostgreSQL');
      if (i < APP_KILLS) order.push('kill -9 the app');
    }
    const gap = (SECONDS * 1000) / (order.length + 1);
    for (const fault of order) {
      await sleep(gap);
      log(fault);
      if (fault === 'restart PostgreSQL') {
        await pg.stop();
        await sleep(PG_DOWN_MS);
        pg = await startPostgres(folder, pgPort);
      } else {
        await new Promise((resolve) => {
          app.once('exit', resolve);
          app.kill('SIGKILL');
        });
        app = startApp(url, appPort);
        await waitForHealth(baseUrl);
      }
      lastFaultAt = Date.now();
    }
    await sleep(gap);
    writing = false;
    log('faults over; letting every writer settle its last key');
    await Promise.all(writers);

    const db = new Client({ connectionString: url });
    await db.connect();
    const { rows } = await db.query(`SELECT tracking_id, id FROM payouts WHERE deployment_id = $1`, [deploymentId]);
    await db.end();
    const stored = new Map();
    let duplicated = 0;
    for (const row of rows) {
      if (stored.has(row.tracking_id)) duplicated += 1;
      stored.set(row.tracking_id, row.id);
    }
    let lost = 0;
    for (const [key, id] of acknowledged) if (stored.get(key) !== id) lost += 1;
    // Stuck: still refused as in progress (409) 30 s after the last fault. Other unsettled keys
    // (still failing for another reason) are reported apart, as unanswered.
    const stuck = [...unsettled.values()].filter((status) => status === 409).length;
    const unanswered = unsettled.size - stuck;
    const report = {
      acknowledged: acknowledged.size,
      lost,
      duplicated,
      stuck,
      unanswered,
      requests: counts.requests,
      refusedOrCutOff: counts.status,
      faults: { postgresRestarts: PG_RESTARTS, appKills: APP_KILLS },
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.exitCode = lost + duplicated + stuck + unanswered === 0 ? 0 : 1;
  } finally {
    if (app !== undefined && app.exitCode === null) app.kill('SIGKILL');
    await pg.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
