'use strict';
// `npm run bench`: loads 1,000,000 transactions into one deployment (and 100,000 over nine others),
// and 100,000 invoices, queue operations, payouts and claimable deposits into another, in a
// database of its own, then drives the built app, a raw node:http baseline and the framework's floor
// (the baseline's endpoints behind bare NestJS) with autocannon (16 connections, 10 s per scenario
// and side, in alternating slices after a warm-up; see `measure`) and writes the tables to
// bench/results/latest.md.
// Knobs: BENCH_ROWS, BENCH_LIST_ROWS, BENCH_DURATION (s), BENCH_ROUNDS (slices per side),
// BENCH_WARMUP (s), BENCH_SCENARIOS (words of labels), BENCH_PROFILE (a directory for the app's
// CPU profile), BENCH_RESULTS (where the table goes). The "fair sharing" scenario (another tenant's
// median while one member floods the largest queue page, then the costliest worst case, at its
// rate limit) runs with the worst case that costs the most at a million transactions by
// `BENCH_SCENARIOS=one-character,fair npm run bench`, or with the queue page alone by
// `BENCH_ROWS=1000 BENCH_LIST_ROWS=1000 BENCH_SCENARIOS=fair npm run bench`.
// The operation review (8 calls, no node for the chain) runs alone by
// `BENCH_ROWS=20000 BENCH_LIST_ROWS=2000 BENCH_SCENARIOS=review npm run bench`.
// BENCH_PGBOUNCER=1 also drives, in the same slices, the app in transaction mode through a
// PgBouncer of the bench's own (pgbouncer installed), and reports it against the app straight to
// PostgreSQL.
const { spawn, execFileSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync, chmodSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');
const { SERVICE_NODE_FLAGS } = require('../scripts/runtime');
const { startPgBouncer } = require('./pgbouncer');
const { freePort } = require('./free-port');

const root = join(__dirname, '..');
const dist = (p) => require(join(root, 'dist', p));
const { ensureDatabase, dropDatabase } = dist('src/database/database-setup');
const { prepareDatabase } = dist('src/database/prepare-database');

const BIG = Number(process.env.BENCH_ROWS || 1_000_000);
const SPREAD = BIG / 10;
const CONNECTIONS = 16;
const DURATION = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** autocannon runs whole seconds. */
const slice = Math.max(1, Math.round(DURATION / ROUNDS));
const log = (...args) => process.stderr.write(`${args.join(' ')}\n`);

async function reachable(url) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const uuid = () => {
  const b = randomBytes(16);
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/**
 * An account of its own (an account owns one contract, the same on every chain) with the member
 * as its only approver, and that contract deployed on Ethereum: the deployment's id and address.
 */
async function insertDeployment(db, memberId, memberAddress) {
  const accountId = uuid();
  const id = uuid();
  const contract = '0x' + randomBytes(20).toString('hex');
  await db.query(
    `INSERT INTO accounts (id, name, network_type, contract_address, contract_address_hex, smart_contract_version_id,
                           initial_approvers, initial_threshold)
     VALUES ($1, 'bench', 'evm', $2, $2, '1.2.0-evm', ARRAY[$3], 1)`,
    [accountId, contract, memberAddress],
  );
  await db.query(`INSERT INTO account_members (account_id, member_id, role) VALUES ($1, $2, 'ADMIN')`, [
    accountId,
    memberId,
  ]);
  await db.query(
    `INSERT INTO deployments (id, account_id, chain_id, network_type, address, address_hex, smart_contract_version_id, approvers, threshold, deployment_status)
     VALUES ($1, $2, '1', 'evm', $3, $3, '1.2.0-evm', ARRAY[$4], 1, 'deployed')`,
    [id, accountId, contract, memberAddress],
  );
  return { id, accountId, contract };
}

/** A member with an EVM address and an API key (only its digest is stored, as the service does). */
async function insertMember(db) {
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
  return { apiKey, memberId, address };
}

async function seed(url) {
  const db = new Client({ connectionString: url });
  db.on('error', () => undefined);
  await db.connect();
  const { apiKey, memberId, address } = await insertMember(db);
  const deployments = [];
  for (let i = 0; i < 10; i += 1) deployments.push((await insertDeployment(db, memberId, address)).id);
  const started = Date.now();
  const CHUNK = 250_000;
  for (let from = 1; from <= BIG; from += CHUNK)
    await insertChunk(db, deployments[0], from, Math.min(from + CHUNK - 1, BIG), BIG, 'big:');
  const perOther = Math.floor(SPREAD / 9);
  for (let k = 1; k < 10; k += 1) await insertChunk(db, deployments[k], 1, perOther, perOther, `d${k}:`);
  log(`loaded ${BIG + SPREAD} transactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const vacuumStart = Date.now();
  await db.query(`VACUUM ANALYZE transactions`);
  await db.query(`VACUUM ANALYZE transaction_counts`);
  log(`vacuum analyze in ${((Date.now() - vacuumStart) / 1000).toFixed(1)} s`);
  const lists = await seedLists(db, memberId, address);
  await db.query(`VACUUM ANALYZE invoices`);
  await db.query(`VACUUM ANALYZE queue_operations`);
  await db.query(`VACUUM ANALYZE payouts`);
  await db.query(`VACUUM ANALYZE transactions`);
  // The rollups the loads wrote through their triggers (autovacuum would get there soon after).
  for (const rollup of ['claimable_groups', 'invoice_totals', 'payout_totals', 'queue_operation_totals'])
    await db.query(`VACUUM ANALYZE ${rollup}`);
  const [{ id: detailId }] = (
    await db.query(`SELECT id FROM transactions WHERE deployment_id = $1 ORDER BY created_at DESC OFFSET $2 LIMIT 1`, [
      deployments[0],
      Math.floor(BIG / 2),
    ])
  ).rows;
  await db.end();
  return { apiKey, deployment: deployments[0], other: deployments[1], detailId, lists };
}

const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS || 100_000);
const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';

/**
 * A deployment of its own for the other lists, LIST_ROWS of each: invoices, queue operations
 * (executed rejects, one per nonce), payouts (one per operation) and, for claims, one unclaimed
 * confirmed deposit per invoice. A year of history, evenly.
 */
async function seedLists(db, memberId, memberAddress) {
  const { id, accountId, contract: hex } = await insertDeployment(db, memberId, memberAddress);
  const started = Date.now();
  // One fixed clock for every statement, so the ids they derive from (i, ts) agree across tables.
  const now = new Date().toISOString();
  const series = `SELECT i, md5(i::text || 'lists') AS h, '${now}'::timestamptz - interval '365 days' + (i::float8 / $2) * interval '365 days' AS ts
                    FROM generate_series(1, $2::int) AS i`;
  const v7 = (prefix) =>
    `(lpad(to_hex((extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7' || substr(h, 1, 3) || '${prefix}' || substr(h, 4, 15))::uuid`;
  await db.query(
    `INSERT INTO invoices (id, deployment_id, chain_id, public_id, invoice_nonce, invoice_address, invoice_address_hex, requested_amount,
                           currency_ids, tracking_id, status, created_at, updated_at)
     SELECT ${v7('8')}, $1, '1', 1000000000000 + i, i, '0x' || substr(h || md5(h), 1, 40), '0x' || substr(h || md5(h), 1, 40), 1000000,
            ARRAY['${USDT}'], 'bench-' || i, CASE WHEN i % 3 = 0 THEN 'PAID' ELSE 'CREATED' END, ts, ts
       FROM (${series}) s`,
    [id, LIST_ROWS],
  );
  await db.query(
    `INSERT INTO queue_operations (id, deployment_id, nonce, operation_type, status, calls, payload, created_by, created_by_member_id,
                                   tx_hash, created_at, updated_at)
     SELECT ${v7('9')}, $1, i, 'REJECT', 'EXECUTED', jsonb_build_array(jsonb_build_object('to', $3::text, 'value', '0', 'data', '0x')),
            '{}'::jsonb, $4, $5, '0x' || h || h, ts, ts
       FROM (${series}) s`,
    [id, LIST_ROWS, hex, memberAddress, memberId],
  );
  await db.query(
    `INSERT INTO payouts (id, deployment_id, queue_operation_id, currency_id, amount, to_address, to_address_hex, tracking_id, nonce, status,
                          created_by, created_by_member_id, created_at, updated_at)
     SELECT ${v7('a')}, $1, ${v7('9')}, '${USDT}', 1000000, '0x' || substr(md5(h) || h, 1, 40), '0x' || substr(md5(h) || h, 1, 40),
            'bench-' || i, i, 'EXECUTED', $3, $4, ts, ts
       FROM (${series}) s`,
    [id, LIST_ROWS, memberAddress, memberId],
  );
  await db.query(
    `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount, from_address,
                               to_address, operation_id, operation_type, invoice_id, block_number, confirmations, is_claimed,
                               confirmed_at, created_at, updated_at)
     SELECT ${v7('b')}, $1, '1', 'lists:' || i, 'IN', 'CONFIRMED', '0x' || h || md5(h), '${USDT}', 5000000, '0x' || substr(md5(h) || h, 1, 40),
            '0x' || substr(h || md5(h), 1, 40), ${v7('8')}, 'invoice', ${v7('8')}, 18000000 + i, 12, false, ts, ts, ts
       FROM (${series}) s`,
    [id, LIST_ROWS],
  );
  log(
    `loaded ${LIST_ROWS} invoices, queue operations, payouts and claimable deposits in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { id, accountId };
}

/**
 * Rows `from..to` of `total` for one deployment in one INSERT … SELECT generate_series. Realistic
 * spreads: a year of history evenly, mostly confirmed, USDT-heavy, deposits dominating, most
 * settled invoice deposits already claimed; ids are UUIDv7 of their creation time.
 */
function insertChunk(db, deploymentId, from, to, total, prefix) {
  return db.query(
    `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount, from_address,
                               to_address, operation_type, block_number, blockchain_fee, confirmations, is_claimed, confirmed_at, created_at, updated_at)
     SELECT (lpad(to_hex((extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7' || substr(h, 1, 3) || '8' || substr(h, 4, 15))::uuid,
            $1, '1', $4 || i, CASE WHEN ty IN ('payout', 'claim', 'set_config', 'reject', 'dapp_transaction') THEN 'OUT' ELSE 'IN' END,
            st, '0x' || h || md5(h), cur, floor(r3 * 1e8)::numeric(78,0), '0x' || substr(h || md5(h), 1, 40), '0x' || substr(md5(h) || h, 1, 40), ty,
            18000000 + i, 21000000000000, CASE WHEN st = 'CONFIRMED' THEN 12 WHEN st = 'EXECUTED' THEN 3 ELSE 0 END,
            ty = 'invoice' AND st IN ('EXECUTED', 'CONFIRMED') AND r3 < 0.8,
            CASE WHEN st = 'CONFIRMED' THEN ts + interval '3 minutes' END, ts, ts + (r2 * interval '10 minutes')
       FROM (SELECT i, h, r1, r2, r3, ts,
                    CASE WHEN r1 < 0.85 THEN 'CONFIRMED' WHEN r1 < 0.92 THEN 'EXECUTED' WHEN r1 < 0.97 THEN 'FAILED' ELSE 'PENDING' END AS st,
                    CASE WHEN r2 < 0.40 THEN 'direct_deposit' WHEN r2 < 0.75 THEN 'invoice' WHEN r2 < 0.90 THEN 'payout'
                         WHEN r2 < 0.95 THEN 'claim' WHEN r2 < 0.98 THEN 'set_config' WHEN r2 < 0.99 THEN 'reject' ELSE 'dapp_transaction' END AS ty,
                    CASE WHEN r2 >= 0.95 THEN NULL WHEN r3 < 0.45 THEN '1-0xdac17f958d2ee523a2206206994597c13d831ec7'
                         WHEN r3 < 0.75 THEN '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' ELSE '1' END AS cur
               FROM (SELECT i, md5(i::text || $4) AS h, random() AS r1, random() AS r2, random() AS r3,
                            now() - interval '365 days' + (i::float8 / $5) * interval '365 days' AS ts
                       FROM generate_series($2::int, $3::int) AS i) g) s`,
    [deploymentId, from, to, prefix, total],
  );
}

function start(name, script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  child.on('exit', (code, signal) => log(`[${name}] exited (${code ?? signal})`));
  return child;
}

async function waitFor(url, child) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** A sanity request between load runs; the server may still be closing autocannon's sockets. */
async function fetchRetrying(url, init) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, { ...init, keepalive: false });
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function peakRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
  } catch {
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024
    );
  }
}

/** User + system CPU seconds the process has used so far (Linux), for CPU time per request. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Drives `url` for `seconds`; with `pid`, also the CPU seconds that process spent meanwhile. */
function autocannon(url, apiKey, pid, seconds) {
  const cpuBefore = pid === undefined ? NaN : cpuSeconds(pid);
  const out = execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/autocannon/autocannon.js'),
      '-c',
      String(CONNECTIONS),
      '-d',
      String(seconds),
      '--json',
      '-H',
      `x-api-key=${apiKey}`,
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const r = JSON.parse(out.toString());
  return {
    requests: r.requests.total,
    seconds: r.duration,
    cpuSeconds: cpuSeconds(pid) - cpuBefore,
    p50: r.latency.p50,
    p99: r.latency.p99,
    status: Object.keys(r.statusCodeStats || {}).join(','),
  };
}

/**
 * Drives `sides` (each scenario's app and baseline; a few scenarios' when they are compared with
 * one another). Each is first driven for WARMUP seconds, not counted (the JIT compiles the route's
 * code then). The DURATION seconds each side gets are then cut into ROUNDS slices, taken in the
 * sides' order and then in reverse (app, baseline; baseline, app; ...): this machine's speed
 * drifts over seconds (its CPUs are shared), and a drift then falls on every side alike instead of
 * on whichever ran last. Rates and CPU per request are over all slices; p50 and p99 are the worst
 * slice's.
 */
function measure(sides) {
  if (WARMUP > 0) for (const drive of sides) drive(WARMUP);
  const runs = sides.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides.keys() : [...sides.keys()].reverse();
    for (const side of order) runs[side].push(sides[side](slice));
  }
  return runs.map(combined);
}

function combined(runs) {
  const sum = (pick) => runs.reduce((total, run) => total + pick(run), 0);
  const requests = sum((run) => run.requests);
  return {
    rps: requests / sum((run) => run.seconds),
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    cpuMsPerRequest: (sum((run) => run.cpuSeconds) * 1000) / requests,
    status: [...new Set(runs.map((run) => run.status))].join(','),
  };
}

/** A currency filter of 100 ids: the bench's own currency and 99 the catalog does not know. */
const HUNDRED_CURRENCIES = [
  USDT,
  ...Array.from({ length: 99 }, (_, i) => `1-0x${createHash('sha1').update(`c${i}`).digest('hex')}`),
].join(',');
/** Hex text no seeded id, hash or address holds. */
const NOWHERE = 'fedcba9876543210';

/**
 * The most expensive request each list takes that we found, alone and combined: substring filters
 * matching nothing (each one a scan of the tenant's rows without its trigram index), 100 currency
 * ids, filters whose combination matches no row or few, deep pages. Each runs through the app over
 * HTTP and, for the PostgreSQL figure, through the app's own repository, whose statements are
 * EXPLAINed (`explainList`). `query` is the API's; `filter` the same request as the repository
 * receives it.
 */
function worstCases({ deployment, lists }) {
  const tx = (query, filter) => ({
    list: 'transactions',
    path: `/api/v1/deployments/${deployment}/transactions?${new URLSearchParams(query)}`,
    filter: { deploymentId: deployment, sortBy: 'createdAt', sortOrder: 'desc', limit: 10, offset: '0', ...filter },
  });
  const other = (list, path, query, filter) => ({
    list,
    path: `/api/v1/deployments/${lists.id}/${path}?${new URLSearchParams(query)}`,
    filter: { sortBy: 'createdAt', sortOrder: 'desc', limit: 10, offset: '0', ...filter },
  });
  const currencies = HUNDRED_CURRENCIES.split(',');
  return [
    ['worst: transactions page 5000', tx({ page: '5000' }, { offset: '49990' })],
    ['worst: transactions txHash matching nothing', tx({ txHash: NOWHERE }, { txHashContains: NOWHERE })],
    ['worst: transactions id matching nothing', tx({ id: NOWHERE }, { idContains: NOWHERE })],
    ['worst: transactions 100 currencies', tx({ currencyIds: HUNDRED_CURRENCIES }, { currencyIds: currencies })],
    [
      'worst: transactions no match by type and claimed',
      tx({ operationTypes: 'payout', isClaimed: 'true' }, { operationTypes: ['payout'], isClaimed: true }),
    ],
    [
      'worst: transactions rare combination by update',
      tx(
        { statuses: 'PENDING', operationTypes: 'reject', sortBy: 'updatedAt', txHash: 'ab' },
        { statuses: ['PENDING'], operationTypes: ['reject'], sortBy: 'updatedAt', txHashContains: 'ab' },
      ),
    ],
    // Texts of one or two characters have no trigram (the gram indexes answer them): one matching
    // no row, and ones matching a large share, whose exact total counts that share.
    ['worst: transactions two characters matching nothing', tx({ txHash: 'zQ' }, { txHashContains: 'zQ' })],
    ['worst: transactions two-character txHash', tx({ txHash: 'aB' }, { txHashContains: 'aB' })],
    ['worst: transactions one-character id', tx({ id: 'F' }, { idContains: 'F' })],
    [
      'worst: payouts two-character toAddress',
      other('payouts', 'payouts', { toAddress: 'Ab' }, { toAddressContains: 'Ab' }),
    ],
    [
      'worst: invoices 100 currencies',
      other('invoices', 'invoices', { currencyIds: HUNDRED_CURRENCIES }, { currencyIds: currencies }),
    ],
    [
      'worst: invoices id and trackingId matching nothing',
      other(
        'invoices',
        'invoices',
        { id: NOWHERE, trackingId: NOWHERE },
        { idContains: NOWHERE, trackingIdContains: NOWHERE },
      ),
    ],
    ['worst: invoices page 5000', other('invoices', 'invoices', { page: '5000' }, { offset: '49990' })],
    ['worst: payouts page 5000', other('payouts', 'payouts', { page: '5000' }, { offset: '49990' })],
    [
      'worst: invoices page 5000 of 100 currencies',
      other(
        'invoices',
        'invoices',
        { currencyIds: HUNDRED_CURRENCIES, page: '5000' },
        { currencyIds: currencies, offset: '49990' },
      ),
    ],
    [
      'worst: payouts toAddress matching nothing',
      other('payouts', 'payouts', { toAddress: NOWHERE }, { toAddressContains: NOWHERE }),
    ],
    [
      'worst: payouts every substring filter',
      other(
        'payouts',
        'payouts',
        { id: NOWHERE, trackingId: NOWHERE, createdBy: NOWHERE, toAddress: NOWHERE },
        {
          idContains: NOWHERE,
          trackingIdContains: NOWHERE,
          createdByContains: NOWHERE,
          toAddressContains: NOWHERE,
        },
      ),
    ],
    [
      'worst: payouts 100 currencies',
      other('payouts', 'payouts', { currencyIds: HUNDRED_CURRENCIES }, { currencyIds: currencies }),
    ],
    [
      'worst: queue createdBy matching nothing',
      other('queue', 'operations', { createdBy: NOWHERE }, { createdBy: NOWHERE, sortOrder: 'asc' }),
    ],
    ['worst: claims page', other('claims', 'claims', {}, {})],
    [
      'worst: claims 100 currencies',
      other('claims', 'claims', { currencyIds: HUNDRED_CURRENCIES }, { currencyIds: currencies }),
    ],
  ];
}

/**
 * The statements the app's own repository sends for `scenario`, each EXPLAINed with ANALYZE and
 * BUFFERS: PostgreSQL's execution time summed over them, the shared buffers they touched, and the
 * plan's shape (the scans it chose: an index by name, or a sequential scan).
 */
async function explainList(url, { list, filter }, deploymentId) {
  // The app's own session settings (ormconfig's `options`), so the plans are the app's.
  const { options } = dist('ormconfig').dataSourceOptions(url).extra;
  const client = new Client({ connectionString: url, options });
  await client.connect();
  try {
    const sent = [];
    const db = {
      query: (sql, params) => (
        sent.push({ sql, params: [...(params ?? [])] }),
        client.query(sql, params).then((r) => r.rows)
      ),
    };
    const catalog = { findNetwork: () => undefined, findCurrency: () => undefined };
    const repository = {
      transactions: () =>
        new (dist(
          `src/modules/deployments/infrastructure/typeorm-transaction-read.repository`,
        ).TypeOrmTransactionReadRepository)(db),
      invoices: () =>
        new (dist('src/modules/billing/infrastructure/typeorm-invoice.repository').TypeOrmInvoiceRepository)(
          db,
          catalog,
        ),
      payouts: () =>
        new (dist('src/modules/payouts/infrastructure/typeorm-payout.repository').TypeOrmPayoutRepository)(db),
      queue: () =>
        new (dist(
          'src/modules/queue/infrastructure/typeorm-queue-operation.repository',
        ).TypeOrmQueueOperationRepository)(db),
      claims: () => new (dist('src/modules/claims/infrastructure/typeorm-claim.repository').TypeOrmClaimRepository)(db),
    }[list]();
    if (list === 'transactions') await repository.list(filter);
    else if (list === 'queue') await repository.list(deploymentId, 'evm', filter);
    else await repository.list(deploymentId, filter);
    let ms = 0;
    let buffers = 0;
    const scans = new Set();
    for (const { sql, params } of sent) {
      // Twice: the first run warms the cache the way a flood of the same request would.
      await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
      const [
        {
          'QUERY PLAN': [plan],
        },
      ] = (await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params)).rows;
      ms += plan['Execution Time'];
      buffers += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      const walk = (node) => {
        if (/Scan/.test(node['Node Type']) && node['Relation Name'] !== undefined)
          scans.add(
            node['Index Name']
              ? `${node['Node Type']} ${node['Index Name']}`
              : `${node['Node Type']} ${node['Relation Name']}`,
          );
        else if (node['Index Name']) scans.add(`${node['Node Type']} ${node['Index Name']}`);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(plan.Plan);
    }
    return { ms, buffers, statements: sent.length, shape: [...scans].join('; ') };
  } finally {
    await client.end();
  }
}

/** autocannon in the background, for a flood beside a measurement. */
function autocannonInBackground(url, apiKey, connections, seconds) {
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/autocannon/autocannon.js'),
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '--json',
      '-H',
      `x-api-key=${apiKey}`,
      url,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('exit', () => resolve(JSON.parse(out || '{}'))));
}

/** Median latency of one request at a time on `url` for `seconds` (the probe of another tenant). */
function probe(url, apiKey, seconds) {
  const out = execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/autocannon/autocannon.js'),
      '-c',
      '1',
      '-d',
      String(seconds),
      '--json',
      '-H',
      `x-api-key=${apiKey}`,
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  // autocannon's percentiles are whole milliseconds (a quiet page is "0"); the mean is not.
  const { p50, average } = JSON.parse(out.toString()).latency;
  return { p50, mean: average };
}

/** The rate limit of the fair-sharing scenario: the default 1,200 per 60 s, over a 10 s window so a short run sees several. */
const FAIR_LIMIT = 200;
const FAIR_WINDOW_SECONDS = 10;
/** The other tenant's steady rate, requests a second. */
const FAIR_PROBE_RATE = 10;

/**
 * A deployment holding the largest queue operations there are, a hundred of them: 32 approvers in
 * the payload, all 32 signed (packed ≥ 1.1.0 entries, listed and in the blob), 8 calls of
 * uint256-max value sharing the 2,560-byte calldata cap. Inserted directly: the service serves
 * stored signatures as they are. Its only member is the flooder, with an API key of its own.
 */
async function seedHeavyQueue(db) {
  const { apiKey, memberId, address } = await insertMember(db);
  const { id } = await insertDeployment(db, memberId, address);
  const approvers = Array.from({ length: 32 }, () => '0x' + randomBytes(20).toString('hex'));
  const uint256Max = ((1n << 256n) - 1n).toString();
  const calls = Array.from({ length: 8 }, (_, i) => ({
    to: approvers[i],
    value: uint256Max,
    data: `0x${'ab'.repeat(320)}`,
  }));
  const entries = approvers.map((signer) => ({ signer, signature: `0x${randomBytes(64).toString('hex')}1b` }));
  const blob = `0x${entries.map(({ signer, signature }) => `${signer.slice(2)}0041${signature.slice(2)}`).join('')}`;
  for (let nonce = 0; nonce < 100; nonce += 1) {
    const operationId = uuid();
    await db.query(
      `INSERT INTO queue_operations (id, deployment_id, nonce, operation_type, status, calls, payload, created_by, created_by_member_id, signature_blob)
       VALUES ($1, $2, $3, 'MULTISIG_CONFIG_CHANGE', 'READY', $4, $5, $6, $7, $8)`,
      [
        operationId,
        id,
        nonce,
        JSON.stringify(calls),
        JSON.stringify({ approvers, threshold: 32 }),
        address,
        memberId,
        blob,
      ],
    );
    await db.query(
      `INSERT INTO queue_signatures (operation_id, signer_hex, signature, submitted_by)
       SELECT $1, e.signer, e.signature, $3 FROM jsonb_to_recordset($2::jsonb) AS e(signer text, signature text)`,
      [operationId, JSON.stringify(entries), memberId],
    );
  }
  return { apiKey, deployment: id };
}

/**
 * An operation to review with the most calls an operation holds (8): four USDT transfers and four
 * native transfers to different payees, with a few hundred earlier payouts and address-book entries
 * on the account for the known-payee lookups to search. Chain 1 has no RPC node in the bench, so the
 * simulation is UNAVAILABLE and the figure is the service's own work.
 */
async function seedReview(db) {
  const { apiKey, memberId, address } = await insertMember(db);
  const { id, accountId } = await insertDeployment(db, memberId, address);
  const usdt = 'dac17f958d2ee523a2206206994597c13d831ec7';
  const payees = Array.from({ length: 8 }, () => randomBytes(20).toString('hex'));
  const calls = payees.map((payee, i) =>
    i % 2 === 0
      ? {
          to: `0x${usdt}`,
          value: '0',
          data: `0xa9059cbb${payee.padStart(64, '0')}${(1_000_000n * BigInt(i + 1)).toString(16).padStart(64, '0')}`,
        }
      : { to: `0x${payee}`, value: String(10n ** 16n * BigInt(i)), data: '0x' },
  );
  const operationId = uuid();
  await db.query(
    `INSERT INTO queue_operations (id, deployment_id, nonce, operation_type, status, calls, payload, created_by, created_by_member_id)
     VALUES ($1, $2, 0, 'DAPP_TRANSACTION', 'PENDING', $3, '{}', $4, $5)`,
    [operationId, id, JSON.stringify(calls), address, memberId],
  );
  for (let nonce = 1; nonce <= 300; nonce += 1) {
    const payoutOperation = uuid();
    const to = randomBytes(20).toString('hex');
    await db.query(
      `INSERT INTO queue_operations (id, deployment_id, nonce, operation_type, status, calls, payload, created_by, created_by_member_id)
       VALUES ($1, $2, $3, 'PAYOUT', 'CANCELLED', '[]', '{}', $4, $5)`,
      [payoutOperation, id, nonce, address, memberId],
    );
    await db.query(
      `INSERT INTO payouts (id, deployment_id, queue_operation_id, currency_id, amount, to_address, to_address_hex, nonce, status, created_by, created_by_member_id, created_at)
       VALUES ($1, $2, $3, '1', 1, $4, $4, $5, 'CANCELED', $6, $7, now() - interval '1 day')`,
      [uuid(), id, payoutOperation, `0x${to}`, nonce, address, memberId],
    );
    await db.query(
      `INSERT INTO address_book_entries (id, account_id, network_type, address, address_hex, label, status, added_by, added_by_member_id, approved_by, approved_by_member_id, approved_at)
       VALUES ($1, $2, 'evm', $3, $3, 'bench payee', 'APPROVED', $4, $5, $4, $5, now())`,
      [uuid(), accountId, `0x${randomBytes(20).toString('hex')}`, address, memberId],
    );
  }
  await db.query(`VACUUM ANALYZE payouts, address_book_entries, queue_operations`);
  return { apiKey, path: `/api/v1/deployments/${id}/operations/${operationId}/review` };
}

/**
 * A steady `rate` of requests a second on `url` for `seconds`, each sent on schedule whether or
 * not the one before was answered; the median latency (to 0.1 ms) and the count.
 */
async function steadyProbe(url, apiKey, rate, seconds) {
  const latencies = [];
  const statuses = new Set();
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { 'x-api-key': apiKey } });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses.add(res.status);
  };
  const pending = [];
  const begin = performance.now();
  for (let i = 0; i < rate * seconds; i += 1) {
    const due = begin + (i * 1000) / rate - performance.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    pending.push(ask());
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return {
    p50: latencies[Math.floor(latencies.length / 2)],
    requests: latencies.length,
    status: [...statuses].join(','),
  };
}

/**
 * `connections` clients of one member asking `url` as fast as they are answered for `seconds`,
 * each waiting out Retry-After when refused, as a client at its rate limit does.
 */
async function floodAtTheLimit(url, apiKey, connections, seconds) {
  const until = Date.now() + seconds * 1000;
  const counts = { answered: 0, limited: 0 };
  const client = async () => {
    while (Date.now() < until) {
      const res = await fetch(url, { headers: { 'x-api-key': apiKey } });
      await res.arrayBuffer();
      if (res.status !== 429) {
        counts.answered += 1;
        continue;
      }
      counts.limited += 1;
      const wait = Math.min(Number(res.headers.get('retry-after')) * 1000, until - Date.now());
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  return counts;
}

/** floodAtTheLimit in a child process; its counts. */
function floodInChild(url, apiKey, connections, seconds) {
  const child = spawn(
    process.execPath,
    [join(root, 'bench/run.js'), '--flood-at-the-limit', url, String(connections), String(seconds)],
    {
      env: { ...process.env, BENCH_FLOOD_API_KEY: apiKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('exit', () => resolve(JSON.parse(out || '{}'))));
}

/** The other tenant's steady probe while `flood` runs (started a second before it). */
async function probeUnder(flood, probeUrl, apiKey, seconds) {
  const flooding = flood(seconds + 2);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const probed = await steadyProbe(probeUrl, apiKey, FAIR_PROBE_RATE, seconds);
  return { probed, flood: await flooding };
}

/**
 * A member of its own in the account of `deployment`: the other tenant of the fair-sharing
 * scenario, whose budget and credentials are not the flooders'.
 */
async function insertMemberOf(db, deployment) {
  const member = await insertMember(db);
  await db.query(
    `INSERT INTO account_members (account_id, member_id, role) SELECT account_id, $2, 'ADMIN' FROM deployments WHERE id = $1`,
    [deployment, member.memberId],
  );
  return member;
}

/**
 * Another tenant's median latency, quiet and while one member floods, on an app with the rate
 * limit on: first the largest queue page the service answers (heavy by bytes), then the costliest
 * worst case of the lists (heavy by time, when the worst cases ran). Each flood is CONNECTIONS
 * clients of one member, as fast as they get answers: at its limit (waiting out Retry-After) and
 * over it (429s ignored). The tenant, a member of its own, asks its own transactions page at a
 * light steady rate. Three windows of the limit are measured under each flood, so the flooder
 * spends its whole budget more than once.
 */
async function fairSharing(db, env, nodeArgs, children, { victimDeployment, slowest }) {
  const heavy = await seedHeavyQueue(db);
  const victim = await insertMemberOf(db, victimDeployment);
  await db.query(`VACUUM ANALYZE queue_operations`);
  await db.query(`VACUUM ANALYZE queue_signatures`);
  const port = await freePort();
  const app = start(
    'app (rate limit on)',
    'dist/src/main.js',
    { ...env, PORT: String(port), API_RATE_LIMIT: String(FAIR_LIMIT), API_RATE_WINDOW: String(FAIR_WINDOW_SECONDS) },
    nodeArgs,
  );
  children.push(app);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/health`, app);
  const queue = `${origin}/api/v1/deployments/${heavy.deployment}/operations`;
  const refused = await fetchRetrying(`${queue}?pageSize=100`, { headers: { 'x-api-key': heavy.apiKey } });
  const refusal = await refused.json();
  const fits = Number(/pageSize (\d+) or less fits/.exec(refusal.details?.[0]?.message ?? '')?.[1] ?? 100);
  const largest = await fetchRetrying(`${queue}?pageSize=${fits}`, { headers: { 'x-api-key': heavy.apiKey } });
  const largestBytes = Buffer.byteLength(await largest.text());
  const floods = [
    {
      label: `the largest queue page (${largestBytes.toLocaleString('en')} bytes)`,
      url: `${queue}?pageSize=${fits}`,
      apiKey: heavy.apiKey,
    },
    ...(slowest
      ? [
          {
            label: `the costliest worst case ("${slowest.label}")`,
            url: `${origin}${slowest.path}`,
            apiKey: slowest.apiKey,
          },
        ]
      : []),
  ];
  const probeUrl = `${origin}/api/v1/deployments/${victimDeployment}/transactions`;
  await steadyProbe(probeUrl, victim.apiKey, FAIR_PROBE_RATE, Math.max(1, WARMUP));
  const seconds = Math.max(DURATION, 3 * FAIR_WINDOW_SECONDS);
  const quiet = await steadyProbe(probeUrl, victim.apiKey, FAIR_PROBE_RATE, seconds);
  const flooded = [];
  for (const flood of floods) {
    // The flooder's budget comes back whole only after a window without it.
    await new Promise((resolve) => setTimeout(resolve, FAIR_WINDOW_SECONDS * 1000));
    // The flood runs in a process of its own, so its clients do not delay the probe's.
    const atLimit = await probeUnder(
      (floodSeconds) => floodInChild(flood.url, flood.apiKey, CONNECTIONS, floodSeconds),
      probeUrl,
      victim.apiKey,
      seconds,
    );
    await new Promise((resolve) => setTimeout(resolve, FAIR_WINDOW_SECONDS * 1000));
    const overLimit = await probeUnder(
      async (floodSeconds) => {
        const r = await autocannonInBackground(flood.url, flood.apiKey, CONNECTIONS, floodSeconds);
        return { answered: r.statusCodeStats?.['200']?.count ?? 0, limited: r.statusCodeStats?.['429']?.count ?? 0 };
      },
      probeUrl,
      victim.apiKey,
      seconds,
    );
    flooded.push({ label: flood.label, atLimit, overLimit });
  }
  app.kill('SIGTERM');
  const result = {
    refusedStatus: refused.status,
    refusedCode: refusal.code,
    fits,
    largestStatus: largest.status,
    largestBytes,
    quiet,
    flooded,
    seconds,
  };
  log(`fair sharing: ${JSON.stringify(result)}`);
  return result;
}

async function main() {
  const benchStarted = Date.now();
  let serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  let embedded;
  let folder;
  if (!(await reachable(serverUrl))) {
    log(`no PostgreSQL at ${serverUrl.replace(/:[^:@/]*@/, ':***@')}: starting an embedded one`);
    folder = mkdtempSync(join(tmpdir(), 'deployments-bench-'));
    chmodSync(folder, 0o755);
    embedded = await dist('src/database/embedded-postgres').startEmbeddedPostgres(folder, () => undefined);
    serverUrl = embedded.url;
  }
  const name = `deployments_bench_${Date.now().toString(36)}`;
  const url = await ensureDatabase(serverUrl, name);
  const children = [];
  try {
    await prepareDatabase(url, { runMigrations: true }, { info: () => undefined });
    const { apiKey, deployment, other, detailId, lists } = await seed(url);
    const [appPort, basePort, floorPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: url,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // Production needs a metrics token (or METRICS_PORT); the bench scrapes nothing.
      METRICS_TOKEN: randomBytes(16).toString('hex'),
      LOG_LEVEL: 'warn',
    };
    // BENCH_PROFILE=<dir>: the app writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
    // BENCH_APP_NODE_ARGS: Node flags for the app; by default the service's own (SERVICE_NODE_FLAGS).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const nodeArgs = [
      ...profile,
      ...(process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? SERVICE_NODE_FLAGS),
    ];
    // One API key drives thousands of requests a second here: the per-credential limit is off.
    const app = start('app', 'dist/src/main.js', { ...env, PORT: String(appPort), API_RATE_LIMIT: '0' }, nodeArgs);
    const baseline = start('baseline', 'bench/baseline-server.js', { ...env, PORT: String(basePort) });
    // The framework's floor: the baseline's endpoints behind NestJS and Express, nothing of the app's.
    const floor = start('floor', 'bench/floor-server.js', { ...env, PORT: String(floorPort) });
    children.push(app, baseline, floor);
    // BENCH_PGBOUNCER=1: a second app, in transaction mode through a PgBouncer of the bench's own
    // (session work straight to PostgreSQL), driven in the same slices as the app beside it.
    let pooled;
    let bouncer;
    if (process.env.BENCH_PGBOUNCER === '1') {
      bouncer = await startPgBouncer(serverUrl);
      const port = await freePort();
      const child = start(
        'app-pgbouncer',
        'dist/src/main.js',
        {
          ...env,
          PORT: String(port),
          API_RATE_LIMIT: '0',
          DATABASE_URL: bouncer.through(url),
          DATABASE_POOL_MODE: 'transaction',
          DATABASE_SESSION_URL: url,
        },
        nodeArgs,
      );
      children.push(child, { kill: () => bouncer.stop() });
      pooled = { port, child };
    }
    log('starting servers');
    await Promise.all([
      waitFor(`http://127.0.0.1:${appPort}/health`, app),
      waitFor(`http://127.0.0.1:${basePort}/`, baseline),
      waitFor(`http://127.0.0.1:${floorPort}/health`, floor),
      ...(pooled ? [waitFor(`http://127.0.0.1:${pooled.port}/health`, pooled.child)] : []),
    ]);

    const day = 86_400_000;
    const filtered = new URLSearchParams({
      statuses: 'EXECUTED,CONFIRMED',
      currencyIds: '1-0xdac17f958d2ee523a2206206994597c13d831ec7,1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      isClaimed: 'false',
      createdFrom: new Date(Date.now() - 90 * day).toISOString(),
      createdTo: new Date(Date.now() - 60 * day).toISOString(),
    });
    const list = `/api/v1/deployments/${deployment}/transactions`;
    const scenarios = [
      ['default page', list],
      ['filtered page', `${list}?${filtered}`],
      ['page 5000', `${list}?page=5000`],
      ['transaction detail', `${list}/${detailId}`],
      ['invoices page', `/api/v1/deployments/${lists.id}/invoices`],
      ['payouts page', `/api/v1/deployments/${lists.id}/payouts`],
      ['queue page', `/api/v1/deployments/${lists.id}/operations`],
      ['claims page', `/api/v1/deployments/${lists.id}/claims`],
      ['balances', `/api/v1/accounts/${lists.accountId}/balance/assets?chainId=1&baseCurrency=usd`],
      ['public currencies', '/api/v1/public/currencies'],
      ['health', '/health'],
    ];
    // Public currencies' target is a share of /health's rate: the two are measured in one set of
    // alternating slices (see `measure`), so both rates come from the same moments of the machine.
    const together = [['public currencies', 'health']];
    // BENCH_SCENARIOS=detail,currencies: only the scenarios whose label contains one of these words.
    const only = process.env.BENCH_SCENARIOS ? process.env.BENCH_SCENARIOS.split(',') : undefined;
    const groups = [];
    for (const scenario of scenarios.filter(([label]) => !only || only.some((word) => label.includes(word)))) {
      const joins = (group) => together.some((labels) => labels.includes(group[0][0]) && labels.includes(scenario[0]));
      const group = groups.find(joins);
      if (group) group.push(scenario);
      else groups.push([scenario]);
    }
    const rows = [];
    for (const group of groups) {
      const sides = [];
      const entries = [];
      for (const [label, path] of group) {
        const check = await fetchRetrying(`http://127.0.0.1:${appPort}${path}`, { headers: { 'x-api-key': apiKey } });
        const body = await check.text();
        if (check.status === 200 && label.includes('page')) log(`${label}: total ${JSON.parse(body).total}`);
        // The app may lack a route on an older branch; the servers it is compared with must answer.
        for (const [server, port] of [
          ['baseline', basePort],
          ['floor', floorPort],
        ]) {
          const answer = await fetchRetrying(`http://127.0.0.1:${port}${path}`, { headers: { 'x-api-key': apiKey } });
          await answer.text();
          if (answer.status !== 200) throw new Error(`the ${server} answered ${answer.status} on ${label}`);
        }
        const drive = (port, pid) => (seconds) => autocannon(`http://127.0.0.1:${port}${path}`, apiKey, pid, seconds);
        const appSide = check.status === 200 ? sides.push(drive(appPort, app.pid)) - 1 : undefined;
        const baseSide = sides.push(drive(basePort, baseline.pid)) - 1;
        const floorSide = sides.push(drive(floorPort, floor.pid)) - 1;
        const pooledSide =
          pooled && check.status === 200 ? sides.push(drive(pooled.port, pooled.child.pid)) - 1 : undefined;
        entries.push({ label, appStatus: check.status, appSide, baseSide, floorSide, pooledSide });
      }
      const results = measure(sides);
      for (const { label, appStatus, appSide, baseSide, floorSide, pooledSide } of entries) {
        const a = appSide === undefined ? { rps: 0, p50: NaN, p99: NaN, status: String(appStatus) } : results[appSide];
        const b = results[baseSide];
        const f = results[floorSide];
        const p = pooledSide === undefined ? undefined : results[pooledSide];
        log(
          `${label}: app ${a.rps} req/s p99 ${a.p99} ms cpu ${a.cpuMsPerRequest?.toFixed(3)} ms/req (${a.status}); baseline ${b.rps} req/s p99 ${b.p99} ms cpu ${b.cpuMsPerRequest.toFixed(3)} ms/req; floor ${f.rps} req/s cpu ${f.cpuMsPerRequest.toFixed(3)} ms/req` +
            (p ? `; through PgBouncer ${p.rps} req/s p99 ${p.p99} ms (${p.status})` : ''),
        );
        rows.push({ label, a, b, f, p, appStatus });
      }
    }
    // The review of an operation with 8 calls (simulation UNAVAILABLE): the app alone, no baseline
    // serves it. BENCH_SCENARIOS=review runs it on its own.
    let review;
    if (!only || only.some((word) => 'review'.includes(word))) {
      const db = new Client({ connectionString: url });
      await db.connect();
      const seeded = await seedReview(db).finally(() => db.end());
      const check = await fetchRetrying(`http://127.0.0.1:${appPort}${seeded.path}`, {
        headers: { 'x-api-key': seeded.apiKey },
      });
      const body = await check.json();
      if (check.status !== 200 || body.calls.length !== 8 || body.simulation.status !== 'UNAVAILABLE')
        throw new Error(`the review answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
      const [a] = measure([
        (seconds) => autocannon(`http://127.0.0.1:${appPort}${seeded.path}`, seeded.apiKey, app.pid, seconds),
      ]);
      review = { a, appStatus: check.status };
      log(
        `review (8 calls): app ${a.rps} req/s p50 ${a.p50} ms p99 ${a.p99} ms cpu ${a.cpuMsPerRequest?.toFixed(3)} ms/req`,
      );
    }
    // The worst cases: the app alone (the baseline answers only the default lists), each with the
    // PostgreSQL execution time of the statements the app's repository sends for it.
    const worst = [];
    const cases = worstCases({ deployment, lists }).filter(
      ([label]) => !only || only.some((word) => label.includes(word)),
    );
    for (const [label, scenario] of cases) {
      const check = await fetchRetrying(`http://127.0.0.1:${appPort}${scenario.path}`, {
        headers: { 'x-api-key': apiKey },
      });
      const body = await check.text();
      const deploymentId = scenario.list === 'transactions' ? deployment : lists.id;
      const explained = await explainList(url, scenario, deploymentId);
      const [a] =
        check.status === 200
          ? measure([(seconds) => autocannon(`http://127.0.0.1:${appPort}${scenario.path}`, apiKey, app.pid, seconds)])
          : [{ rps: 0, p50: NaN, p99: NaN, cpuMsPerRequest: NaN, status: String(check.status) }];
      const total = check.status === 200 ? JSON.parse(body).total : undefined;
      log(
        `${label}: total ${total}, PostgreSQL ${explained.ms.toFixed(2)} ms (${explained.shape}); app ${a.rps} req/s p99 ${a.p99} ms (${a.status})`,
      );
      worst.push({ label, path: scenario.path, a, explained, appStatus: check.status, total });
    }
    // Another deployment's median latency (one request at a time on its default transactions
    // page), quiet and under a flood of the costliest worst case at 16 connections, with the rate
    // limit off; the fair-sharing scenario below measures it under the limit.
    let isolation;
    const costliest = worst
      .filter(({ appStatus }) => appStatus === 200)
      .reduce((a, b) => (a === undefined || b.explained.ms > a.explained.ms ? b : a), undefined);
    if (costliest) {
      const probeUrl = `http://127.0.0.1:${appPort}/api/v1/deployments/${other}/transactions`;
      probe(probeUrl, apiKey, Math.max(1, WARMUP));
      const quiet = probe(probeUrl, apiKey, DURATION);
      const flooding = autocannonInBackground(
        `http://127.0.0.1:${appPort}${costliest.path}`,
        apiKey,
        CONNECTIONS,
        DURATION + 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const loaded = probe(probeUrl, apiKey, DURATION);
      const floodResult = await flooding;
      isolation = { quiet, loaded, flood: costliest.label, floodRps: floodResult.requests?.average };
      log(
        `isolation: quiet p50 ${quiet.p50} ms (mean ${quiet.mean}), under ${costliest.label} p50 ${loaded.p50} ms (mean ${loaded.mean})`,
      );
    }
    // BENCH_SCENARIOS=fair: only this one, flooding the queue page (with BENCH_ROWS and BENCH_LIST_ROWS
    // small, it needs no load); with a worst case's words beside it, flooding that case too.
    let fair;
    if (!only || only.some((word) => 'fair sharing'.includes(word))) {
      const db = new Client({ connectionString: url });
      db.on('error', () => undefined);
      await db.connect();
      try {
        const slowest = costliest && { label: costliest.label, path: costliest.path, apiKey };
        fair = await fairSharing(db, env, nodeArgs, children, { victimDeployment: other, slowest });
      } finally {
        await db.end();
      }
    }
    const rss = peakRss(app.pid);
    const fmt = (n) => (Number.isFinite(n) ? String(Math.round(n * 10) / 10) : 'n/a');
    const table = [
      `| scenario | app req/s | app p50 ms | app p99 ms | app CPU ms/req | baseline req/s | baseline p50 ms | baseline p99 ms | baseline CPU ms/req | app/baseline | app CPU/baseline CPU |`,
      `|---|---|---|---|---|---|---|---|---|---|---|`,
      ...rows.map(({ label, a, b, appStatus }) =>
        appStatus === 200
          ? `| ${label} | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)} | ${a.cpuMsPerRequest.toFixed(2)} | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)} | ${b.cpuMsPerRequest.toFixed(2)} | ${fmt((a.rps / b.rps) * 100)}% | ${(a.cpuMsPerRequest / b.cpuMsPerRequest).toFixed(2)}× |`
          : `| ${label} | app answered ${appStatus} (not on this branch) | | | | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)} | ${b.cpuMsPerRequest.toFixed(2)} | n/a | n/a |`,
      ),
    ].join('\n');
    const floorTable = [
      '| scenario | floor req/s | floor p99 ms | floor CPU ms/req | floor/baseline | app/floor | app CPU/floor CPU |',
      '|---|---|---|---|---|---|---|',
      ...rows.map(
        ({ label, a, b, f, appStatus }) =>
          `| ${label} | ${fmt(f.rps)} | ${fmt(f.p99)} | ${f.cpuMsPerRequest.toFixed(2)} | ${fmt((f.rps / b.rps) * 100)}% | ` +
          (appStatus === 200 ? `${fmt((a.rps / f.rps) * 100)}% | ${(a.cpuMsPerRequest / f.cpuMsPerRequest).toFixed(2)}× |` : 'n/a | n/a |'),
      ),
    ].join('\n');
    const pooledTable = pooled
      ? [
          '## Through PgBouncer',
          '',
          'The same app in transaction mode (`DATABASE_POOL_MODE=transaction`, no named statements, the settings set per transaction) through a PgBouncer of its own in `pool_mode = transaction`, driven in the same slices as the app straight to PostgreSQL (session mode).',
          '',
          '| scenario | direct req/s | through PgBouncer req/s | p99 ms | CPU ms/req | PgBouncer/direct |',
          '|---|---|---|---|---|---|',
          ...rows
            .filter(({ p }) => p)
            .map(
              ({ label, a, p }) =>
                `| ${label} | ${fmt(a.rps)} | ${fmt(p.rps)} | ${fmt(p.p99)} | ${p.cpuMsPerRequest.toFixed(2)} | ${fmt((p.rps / a.rps) * 100)}% |`,
            ),
          '',
          'Target: through PgBouncer at least 90% of direct (reported, not asserted).',
          '',
        ]
      : [];
    const rate = (label) => rows.find((row) => row.label === label)?.a.rps;
    const health = rate('health');
    const currencies = rate('public currencies');
    const report = [
      '# Benchmark: the app against a raw node:http baseline',
      '',
      `${new Date().toISOString()}, ${require('node:os').cpus().length} CPUs, load average ${require('node:os')
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}, Node ${process.version}, ${CONNECTIONS} connections;`,
      `each scenario: a ${WARMUP} s warm-up of each server, not counted, then ${ROUNDS} slices of ${slice} s on each, alternating (see \`measure\` in bench/run.js);`,
      `${BIG.toLocaleString('en')} transactions in the measured deployment, ${SPREAD.toLocaleString('en')} over nine others; ${LIST_ROWS.toLocaleString('en')} invoices, queue operations, payouts and claimable deposits in another. Baseline: bench/baseline-server.js (node:http + pg, the same SQL, prepared the same way).`,
      'CPU ms/req: user + system CPU of the server process divided by the requests it answered (steadier than req/s on a shared machine).',
      '',
      table,
      '',
      '## The framework\'s floor',
      '',
      "bench/floor-server.js: the baseline's endpoints (the same SQL, the same JSON) behind NestJS on Express, a controller method per route reading its parameters through Nest's decorators and returning the body for Nest to send; no middleware, guard, pipe, interceptor, logging, metrics or validation. Floor/baseline is what NestJS and Express cost by themselves; app/floor is what the app's own request path costs (access statement, validation, metrics, request context, presenters). Driven in the same alternating slices as the two above.",
      '',
      floorTable,
      '',
      ...pooledTable,
      ...(review
        ? [
            '## Operation review',
            '',
            '| scenario | app req/s | app p50 ms | app p99 ms | app CPU ms/req |',
            '|---|---|---|---|---|',
            `| review of an operation with 8 calls (simulation UNAVAILABLE) | ${fmt(review.a.rps)} | ${fmt(review.a.p50)} | ${fmt(review.a.p99)} | ${review.a.cpuMsPerRequest.toFixed(2)} |`,
            '',
            'Target: p99 under 50 ms at 16 connections (reported, not asserted).',
            '',
          ]
        : []),
      `App peak RSS (VmHWM): ${fmt(rss)} MB.` +
        (health && currencies ? ` Public currencies at ${fmt((currencies / health) * 100)}% of /health's rate.` : ''),
      '',
      'Targets (reported, not asserted): transaction pages at 1,000,000 rows ≥ 1,500 req/s with p99 ≤ 25 ms; every list and detail scenario (balances included) ≥ 65% of its baseline and /health ≥ 60% of its baseline; app CPU per request ≤ 1.5× the baseline\'s on each scenario; public currencies ≥ 80% of /health; app RSS ≤ 200 MB.',
      '',
      '## Worst cases',
      '',
      "The costliest requests found per list (bench/run.js `worstCases`), the app alone. PostgreSQL ms: execution time of the statements the app's repository sends for the request, from `EXPLAIN (ANALYZE, BUFFERS)` (second run, summed over the statements); plan: the scans chosen.",
      '',
      '| scenario | total | PostgreSQL ms | buffers | statements | plan | app req/s | app p50 ms | app p99 ms | app CPU ms/req |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...worst.map(
        ({ label, a, explained, appStatus, total }) =>
          `| ${label} | ${total ?? `answered ${appStatus}`} | ${explained.ms.toFixed(2)} | ${explained.buffers} | ${explained.statements} | ${explained.shape} | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)} | ${Number.isFinite(a.cpuMsPerRequest) ? a.cpuMsPerRequest.toFixed(2) : 'n/a'} |`,
      ),
      '',
      isolation
        ? `Without a rate limit (the worst cases' app, API_RATE_LIMIT=0), another deployment's latency (its default transactions page, one request at a time), median (mean): ${fmt(isolation.quiet.p50)} (${isolation.quiet.mean.toFixed(2)}) ms quiet, ${fmt(isolation.loaded.p50)} (${isolation.loaded.mean.toFixed(2)}) ms under a flood of "${isolation.flood}" at ${CONNECTIONS} connections (${fmt(isolation.floodRps)} req/s): ${fmt(isolation.loaded.mean / isolation.quiet.mean)}× by the mean.`
        : '',
      (() => {
        const deep = rate('page 5000');
        const first = rate('default page');
        return deep && first ? `page 5000 at ${fmt((deep / first) * 100)}% of the default page's rate.` : '';
      })(),
      '',
      'Worst-case targets (reported, not asserted): PostgreSQL ≤ 5 ms and app p99 ≤ 50 ms each; page 5000 ≥ 50% of page 1; another tenant within 2× of its quiet median while a member floods the costliest worst case under its rate limit (Fair sharing, below).',
      '',
      ...(fair
        ? [
            '## Fair sharing',
            '',
            `On an app with the rate limit on (${FAIR_LIMIT} per ${FAIR_WINDOW_SECONDS} s, the default 1,200 per 60 s over a shorter window; a unit pays for 50,000 bytes or 25 ms), one member floods from ${CONNECTIONS} connections, in turn: the largest queue page the service answers (100 operations, each with 32 approvers who all signed and 8 calls at the calldata cap: pageSize=100 answered ${fair.refusedStatus} ${fair.refusedCode}, pageSize=${fair.fits} answered ${fair.largestStatus} with ${fair.largestBytes.toLocaleString('en')} bytes), then the costliest worst case above. Another tenant, a member of its own, asks its transactions page at ${FAIR_PROBE_RATE} requests a second.`,
            '',
            '| flood | other tenant p50 ms | ratio to quiet | other tenant requests | flood answers | flood 429s |',
            '|---|---|---|---|---|---|',
            `| none, quiet (${fair.seconds} s) | ${fair.quiet.p50.toFixed(1)} | | ${fair.quiet.requests} | | |`,
            ...fair.flooded.flatMap(({ label, atLimit, overLimit }) =>
              [
                [`${label}, at its rate limit (each client waits out Retry-After)`, atLimit],
                [`${label}, over its rate limit (429s ignored, asked again at once)`, overLimit],
              ].map(
                ([mode, { probed, flood }]) =>
                  `| ${mode} | ${probed.p50.toFixed(1)} | ${(probed.p50 / fair.quiet.p50).toFixed(2)}× | ${probed.requests} | ${flood.answered} | ${flood.limited} |`,
              ),
            ),
            '',
            `Target: at its rate limit, another tenant within 2× of its quiet median (reported, not asserted). Largest response: ${fair.largestBytes.toLocaleString('en')} bytes (limit 1,000,000).`,
            '',
          ]
        : []),
    ].join('\n');
    const results = process.env.BENCH_RESULTS || join(root, 'bench/results/latest.md');
    mkdirSync(dirname(results), { recursive: true });
    writeFileSync(results, report);
    process.stdout.write(`${report}\n`);
    log(`bench finished in ${((Date.now() - benchStarted) / 1000).toFixed(0)} s`);
    // Figures never fail a run; a server error does (CI runs a small bench so this cannot rot).
    const broken = [...rows, ...worst, ...(review ? [{ ...review, label: 'review' }] : [])].filter(
      ({ appStatus }) => appStatus >= 500,
    );
    if (broken.length > 0)
      throw new Error(`the app answered ${broken.map((row) => `${row.appStatus} on ${row.label}`).join(', ')}`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // BENCH_KEEP_DATABASE=1 leaves the loaded database for EXPLAIN ANALYZE (its URL is logged).
    if (process.env.BENCH_KEEP_DATABASE) log(`kept ${url.replace(/:[^:@/]*@/, ':***@')}`);
    else await dropDatabase(serverUrl, name).catch((error) => log(`could not drop ${name}: ${error.message}`));
    if (embedded) await embedded.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

if (require.main === module && process.argv[2] === '--flood-at-the-limit') {
  const [url, connections, seconds] = process.argv.slice(3);
  floodAtTheLimit(url, process.env.BENCH_FLOOD_API_KEY, Number(connections), Number(seconds)).then((counts) =>
    process.stdout.write(JSON.stringify(counts)),
  );
} else if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(
      `bench failed: ${error.stack || error} ${error.cause ? error.cause.stack || error.cause : ''}\n`,
    );
    process.exit(1);
  });
}

// For EXPLAINing the worst cases on a database loaded earlier (BENCH_KEEP_DATABASE=1).
module.exports = { worstCases, explainList };
