'use strict';
// `npm run bench:indexer`: the built-in indexer against anvil (as Sepolia) on a database of its own.
// 1. Catch-up: BENCH_BLOCKS (10,000) blocks holding BENCH_TRANSFERS (5,000) deposits (half native,
//    half ERC-20) to as many invoice addresses, indexed from block 0: blocks/s and applied events/s.
// 2. Steady load: BENCH_RATE (20) deposits/s for BENCH_SECONDS (30) with anvil mining one block a
//    second: the indexer's lag in blocks (sampled) and the seconds from sending a deposit to its row.
// 3. The check, against the chain once every deposit is final: every mined deposit recorded once
//    (none lost, none doubled), each invoice's paid amount equal to its address's balance on chain,
//    and the balance rollup equal to the rows it sums. A failed check fails the run; figures never do.
// Per phase it also reports where an applied event's time goes: database statements per event
// (timed from the app's side, by kind), and the wall time spent in the intake and in RPC calls.
// Knobs: BENCH_BLOCKS, BENCH_TRANSFERS, BENCH_SECONDS, BENCH_RATE, BENCH_RESULTS (where the table
// goes; default bench/results/indexer.md), BENCH_PROFILE (a directory: a V8 CPU profile of the
// catch-up, and its heaviest functions in the log), BENCH_PG_STATS=1 (an embedded PostgreSQL of its
// own with pg_stat_statements, whose top statements join the table), INDEXER_BATCH_BLOCKS,
// INDEXER_POLL_INTERVAL_MS. The database: DATABASE_URL, else 127.0.0.1:5432, else an embedded one.
const { spawn } = require('node:child_process');
const { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const inspector = require('node:inspector/promises');
const { loadavg, tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { performance } = require('node:perf_hooks');
const pg = require('pg');
const { freePort } = require('./free-port');

const root = join(__dirname, '..');
const dist = (p) => require(join(root, 'dist', p));
const log = (...args) => process.stderr.write(`${args.join(' ')}\n`);

const CHAIN = 11155111;
const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const BLOCKS = Number(process.env.BENCH_BLOCKS || 10_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS || 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const RATE = Number(process.env.BENCH_RATE || 20);
const AMOUNT = 1000n;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL server to bench on. BENCH_PG_STATS=1 starts an embedded one whose cluster preloads
 * pg_stat_statements (a shared server's settings are not the bench's to change).
 */
async function databaseServer() {
  const wanted = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!process.env.BENCH_PG_STATS && (await reachable(wanted))) return { url: wanted, stop: async () => {} };
  const { startEmbeddedPostgres } = dist('src/database/embedded-postgres');
  const folder = mkdtempSync(join(tmpdir(), 'deployments-bench-indexer-'));
  chmodSync(folder, 0o755);
  let embedded = await startEmbeddedPostgres(folder, () => undefined);
  if (process.env.BENCH_PG_STATS) {
    await embedded.stop();
    appendFileSync(
      join(embedded.dataDir, 'pg', 'postgresql.auto.conf'),
      "shared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = 'all'\n",
    );
    embedded = await startEmbeddedPostgres(folder, () => undefined);
  }
  log(`PostgreSQL: embedded, ${embedded.url.replace(/:[^:@/]*@/, ':***@')}`);
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The bench's own connection, for its reads between phases; one dropped while idle is opened again. */
function benchConnection(url) {
  let client;
  const open = async () => {
    const fresh = new pg.Client({ connectionString: url });
    fresh.on('error', (error) => {
      log(`bench connection dropped: ${error.message}`);
      if (client === fresh) client = undefined;
    });
    await fresh.connect();
    return fresh;
  };
  return {
    async query(text, params) {
      client ??= await open();
      return client.query(text, params);
    },
    end: async () => client?.end(),
  };
}

async function startAnvil() {
  const pkg = dirname(require.resolve(`@foundry-rs/anvil-linux-amd64/package.json`));
  const binary = [join(pkg, 'bin', 'anvil'), join(pkg, 'anvil')].find((p) => existsSync(p));
  const port = await freePort();
  const child = spawn(binary, ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(CHAIN)], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return { url, child };
    } catch {
      // not up yet
    }
    await sleep(50);
  }
  throw new Error('anvil did not start');
}

/**
 * Wall time during which at least one call of a kind is in flight (so concurrent calls count
 * once, and the shares of a phase add up to at most its duration), and the number of calls.
 */
class BusyClock {
  constructor() {
    this.reset();
  }
  reset() {
    this.inFlight = 0;
    this.since = 0;
    this.ms = 0;
    this.calls = 0;
  }
  enter() {
    if (this.inFlight++ === 0) this.since = performance.now();
    this.calls++;
  }
  leave() {
    if (--this.inFlight === 0) this.ms += performance.now() - this.since;
  }
  async time(promise) {
    this.enter();
    try {
      return await promise;
    } finally {
      this.leave();
    }
  }
}

/**
 * Every statement the app sends, timed from its side (send to answer: round trip, locks, triggers
 * and the server's work), by its first words, so a phase can say how many statements an applied
 * event costs and which ones take the time.
 */
function timeStatements() {
  const byKind = new Map();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string' || typeof callback === 'function' || typeof values === 'function' || config?.submit)
      return original.call(this, config, values, callback);
    const started = performance.now();
    const settle = () => {
      const kind = text.replace(/\s+/g, ' ').trim().slice(0, 90);
      const entry = byKind.get(kind) ?? { calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += performance.now() - started;
      byKind.set(kind, entry);
    };
    const result = original.call(this, config, values);
    result.then(settle, settle);
    return result;
  };
  return {
    reset: () => byKind.clear(),
    snapshot: () => [...byKind.entries()].map(([kind, entry]) => ({ kind, ...entry })).sort((a, b) => b.ms - a.ms),
  };
}

/** The heaviest functions (self time) of a V8 CPU profile. */
function heaviest(profile, count) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const gaps = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const frame = node.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (gaps[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${((100 * ms) / total).toFixed(1)}% ${name}`);
}

async function main() {
  const viem = await import('viem');
  const { privateKeyToAccount, generatePrivateKey } = await import('viem/accounts');
  const { NestFactory } = require('@nestjs/core');
  const { AppModule } = dist('src/app.module');
  const { configureApp } = dist('src/app-setup');
  const { loadConfig } = dist('src/config/app-config');
  const { ensureDatabase, dropDatabase } = dist('src/database/database-setup');
  const { prepareDatabase } = dist('src/database/prepare-database');
  const { createLogger } = dist('src/shared/logging/logger');
  const { IndexerService } = dist('src/modules/chain/infrastructure/indexer.service');
  const { ViemChainReader } = dist('src/modules/chain/infrastructure/viem-chain-reader');
  const { DeploymentsService } = dist('src/modules/deployments/application/deployments.service');
  const { MembersService } = dist('src/modules/auth/application/members.service');
  const { ChainEventIntake } = dist('src/modules/chain/application/chain-event-intake');

  const statements = timeStatements();
  const server = await databaseServer();
  const dbName = `bench_indexer_${Date.now().toString(36)}`;
  const databaseUrl = await ensureDatabase(server.url, dbName);
  const anvil = await startAnvil();
  let app;
  let pgStats = false;
  const failures = [];
  try {
    await prepareDatabase(databaseUrl, { runMigrations: true }, createLogger('silent'));
    // The bench's own connection reads between phases; one dropped while idle is taken again.
    const db = benchConnection(databaseUrl);
    if (process.env.BENCH_PG_STATS) {
      await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      pgStats = true;
    }
    const chain = viem.defineChain({
      id: CHAIN,
      name: 'anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    });
    const transport = viem.http(anvil.url);
    const client = viem.createPublicClient({ chain, transport, cacheTime: 0 });
    const rpc = (method, params) => client.request({ method, params });
    const payer = privateKeyToAccount(generatePrivateKey());
    await rpc('anvil_setBalance', [payer.address, viem.toHex(10n ** 24n)]);
    const wallet = viem.createWalletClient({ account: payer, chain, transport });
    const token = require(join(root, 'contracts', 'artifacts', 'TestToken.json'));
    const deployHash = await wallet.deployContract({ abi: token.abi, bytecode: token.bytecode });
    const { contractAddress } = await client.waitForTransactionReceipt({ hash: deployHash });
    await rpc('anvil_setCode', [USDC, await client.getCode({ address: contractAddress })]);
    const mintHash = await wallet.writeContract({
      address: USDC,
      abi: token.abi,
      functionName: 'mint',
      args: [payer.address, 10n ** 30n],
    });
    await client.waitForTransactionReceipt({ hash: mintHash });

    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        // The bench creates thousands of invoices with one API key in a minute.
        API_RATE_LIMIT: '0',
        JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
        INDEXER_POLL_INTERVAL_MS: process.env.INDEXER_POLL_INTERVAL_MS || '250',
        INDEXER_BATCH_BLOCKS: process.env.INDEXER_BATCH_BLOCKS || '500',
        INDEXER_CHAINS: JSON.stringify({ [CHAIN]: { rpcUrl: anvil.url, startBlock: '0' } }),
      }),
      databaseUrl,
    };
    app = await NestFactory.create(AppModule.forRoot(config, createLogger('silent')), {
      bodyParser: false,
      logger: false,
    });
    configureApp(app, config, createLogger('silent'));
    const port = await freePort();
    await app.listen(port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const required = app
      .get(dist('src/modules/catalog/catalog.service').CatalogService)
      .findNetwork(String(CHAIN)).requiredConfirmations;

    // Where a phase's time goes: the intake (applying events) and RPC (reading the chain).
    const intake = app.get(ChainEventIntake);
    const intakeClock = new BusyClock();
    const outcomes = { applied: 0, duplicate: 0, ignored: 0, refused: 0 };
    // The built-in indexer hands typed events to `ingestObserved`; `ingest` is the HTTP and CLI door.
    for (const method of ['ingest', 'ingestObserved']) {
      const original = intake[method].bind(intake);
      intake[method] = async (events) => {
        const results = await intakeClock.time(original(events));
        for (const result of results) {
          if (result.applied) outcomes.applied++;
          else if (result.duplicate) outcomes.duplicate++;
          else if (result.ignored !== undefined) outcomes.ignored++;
          else outcomes.refused++;
        }
        return results;
      };
    }
    const rpcClock = new BusyClock();
    for (const method of ['headNumber', 'block', 'logs', 'receipt']) {
      const original = ViemChainReader.prototype[method];
      ViemChainReader.prototype[method] = function (...args) {
        return rpcClock.time(original.apply(this, args));
      };
    }
    const resetCounters = async () => {
      intakeClock.reset();
      rpcClock.reset();
      statements.reset();
      Object.keys(outcomes).forEach((key) => (outcomes[key] = 0));
      if (pgStats) await db.query('SELECT pg_stat_statements_reset()');
    };
    const breakdown = async (seconds) => {
      const timed = statements.snapshot();
      const count = timed.reduce((sum, entry) => sum + entry.calls, 0);
      const perEvent = Math.max(1, outcomes.applied);
      const server = pgStats
        ? (
            await db.query(
              `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS kind, calls, total_exec_time AS ms
                 FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                ORDER BY total_exec_time DESC LIMIT 8`,
            )
          ).rows
        : [];
      return {
        seconds,
        // The machine is shared: its 1-minute load average as the phase ends says how busy it was.
        load: loadavg()[0],
        outcomes: { ...outcomes },
        eventsPerSecond: outcomes.applied / seconds,
        intakeSeconds: intakeClock.ms / 1000,
        rpcSeconds: rpcClock.ms / 1000,
        rpcCalls: rpcClock.calls,
        statementsPerEvent: count / perEvent,
        msPerEvent: (intakeClock.ms || 0) / perEvent,
        top: timed.slice(0, 8).map((entry) => ({
          kind: entry.kind,
          perEvent: entry.calls / perEvent,
          msPerCall: entry.ms / entry.calls,
          share: entry.ms,
        })),
        server: server.map((row) => ({
          kind: row.kind,
          perEvent: Number(row.calls) / perEvent,
          msPerCall: row.ms / row.calls,
        })),
      };
    };

    // One deployment, TRANSFERS + RATE * SECONDS invoices (half native, half USDC).
    const owner = privateKeyToAccount(generatePrivateKey());
    const member = await app.get(MembersService).createMember(owner.address);
    const deployments = app.get(DeploymentsService);
    const account = await deployments.createAccount({
      name: 'Bench',
      members: [owner.address],
      smartContractVersionId: '1.2.0-evm',
      threshold: 1,
      address: privateKeyToAccount(generatePrivateKey()).address,
    });
    const { id: deploymentId } = await deployments.createDeployment({
      accountId: account.id,
      chainId: String(CHAIN),
      status: 'not_deployed',
    });
    const invoiceCount = TRANSFERS + RATE * SECONDS;
    log(`creating ${invoiceCount} invoices`);
    const invoices = [];
    for (let i = 0; i < invoiceCount; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, invoiceCount - i) }, async (_, k) => {
          const native = (i + k) % 2 === 0;
          const res = await fetch(`${base}/api/v1/deployments/${deploymentId}/invoices`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': member.apiKey },
            body: JSON.stringify({
              requestedAmount: null,
              currencyIds: [native ? String(CHAIN) : `${CHAIN}-${USDC.toLowerCase()}`],
              paymentPageButtonUrl: null,
              paymentPageButtonText: null,
            }),
          });
          if (res.status !== 201) throw new Error(`invoice: ${res.status} ${await res.text()}`);
          const body = await res.json();
          return { id: body.id, native, address: body.invoiceAddress };
        }),
      );
      invoices.push(...batch);
    }

    let nonce = await client.getTransactionCount({ address: payer.address });
    const sent = []; // { hash, invoice }
    const sendDeposit = async (invoice) => {
      const hash = invoice.native
        ? await wallet.sendTransaction({
            to: invoice.address,
            value: AMOUNT,
            nonce: nonce++,
            gas: 21000n,
            gasPrice: 10n ** 10n,
          })
        : await wallet.writeContract({
            address: USDC,
            abi: token.abi,
            functionName: 'transfer',
            args: [invoice.address, AMOUNT],
            nonce: nonce++,
            gas: 100000n,
            gasPrice: 10n ** 10n,
          });
      sent.push({ hash: hash.toLowerCase(), invoice });
      return hash.toLowerCase();
    };

    // 1. Catch-up.
    log(`building ${BLOCKS} blocks with ${TRANSFERS} deposits`);
    const gap = Math.floor(BLOCKS / TRANSFERS) - 1;
    for (let i = 0; i < TRANSFERS; i++) {
      await sendDeposit(invoices[i]);
      if (gap > 0) await rpc('anvil_mine', [viem.toHex(gap)]);
    }
    const head = await client.getBlockNumber();
    const indexer = app.get(IndexerService);
    await resetCounters();
    const profiler = process.env.BENCH_PROFILE ? new inspector.Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const started = performance.now();
    indexer.start();
    for (;;) {
      const [status] = await indexer.status();
      if (status.checkpoint !== null && BigInt(status.checkpoint) >= head) break;
      await sleep(25);
    }
    const seconds = (performance.now() - started) / 1000;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      mkdirSync(process.env.BENCH_PROFILE, { recursive: true });
      const file = join(process.env.BENCH_PROFILE, `indexer-catch-up-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      log(`CPU profile of the catch-up: ${file}\n  ${heaviest(profile, 15).join('\n  ')}`);
      profiler.disconnect();
    }
    const catchUp = {
      blocks: Number(head) + 1,
      blocksPerSecond: (Number(head) + 1) / seconds,
      ...(await breakdown(seconds)),
    };
    log(
      `catch-up: ${catchUp.blocks} blocks in ${seconds.toFixed(2)} s = ${catchUp.blocksPerSecond.toFixed(0)} blocks/s; ` +
        `${catchUp.outcomes.applied} events applied = ${catchUp.eventsPerSecond.toFixed(0)}/s, ${catchUp.msPerEvent.toFixed(2)} ms each; ` +
        `intake busy ${catchUp.intakeSeconds.toFixed(2)} s, RPC busy ${catchUp.rpcSeconds.toFixed(2)} s; ` +
        `${catchUp.statementsPerEvent.toFixed(1)} statements per event; load average ${catchUp.load.toFixed(1)}`,
    );

    // 2. Steady load: one block a second, RATE deposits a second.
    await resetCounters();
    await rpc('evm_setAutomine', [false]);
    await rpc('evm_setIntervalMining', [1]);
    const sentAt = new Map();
    const lags = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const [status] = await indexer.status();
        const chainHead = await client.getBlockNumber();
        if (status.checkpoint !== null) lags.push(Number(chainHead - BigInt(status.checkpoint)));
        await sleep(200);
      }
    })();
    const steadyStart = Date.now();
    let steadySent = 0;
    while (Date.now() - steadyStart < SECONDS * 1000) {
      const due = Math.floor(((Date.now() - steadyStart) / 1000) * RATE);
      while (steadySent < due && TRANSFERS + steadySent < invoices.length) {
        const hash = await sendDeposit(invoices[TRANSFERS + steadySent]);
        sentAt.set(hash, Date.now());
        steadySent++;
      }
      await sleep(10);
    }
    const steadySeconds = (Date.now() - steadyStart) / 1000;
    // Let the last deposits land.
    const deadline = Date.now() + 20_000;
    let seen = [];
    while (Date.now() < deadline) {
      seen = (
        await db.query(
          `SELECT tx_hash, min(created_at) AS created_at FROM transactions WHERE tx_hash = ANY($1) GROUP BY tx_hash`,
          [[...sentAt.keys()]],
        )
      ).rows;
      if (seen.length === sentAt.size) break;
      await sleep(250);
    }
    sampling = false;
    await sampler;
    const latencies = seen
      .map((row) => (new Date(row.created_at).getTime() - sentAt.get(row.tx_hash)) / 1000)
      .sort((a, b) => a - b);
    const pct = (values, p) =>
      values.length === 0 ? NaN : values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
    const sortedLags = [...lags].sort((a, b) => a - b);
    const steady = {
      sent: steadySent,
      seen: seen.length,
      rate: steadySent / SECONDS,
      lagP50: pct(sortedLags, 50),
      lagP95: pct(sortedLags, 95),
      lagMax: sortedLags.at(-1),
      latencyP50: pct(latencies, 50),
      latencyP95: pct(latencies, 95),
      latencyMax: latencies.at(-1),
      ...(await breakdown(steadySeconds)),
    };
    log(
      `steady: ${steadySent} deposits in ${SECONDS} s (${steady.rate.toFixed(1)}/s), ${seen.length} recorded; ` +
        `lag blocks p50 ${steady.lagP50} p95 ${steady.lagP95} max ${steady.lagMax}; ` +
        `send→row s p50 ${steady.latencyP50?.toFixed(2)} p95 ${steady.latencyP95?.toFixed(2)} max ${steady.latencyMax?.toFixed(2)}; ` +
        `${steady.outcomes.applied} events applied, ${steady.msPerEvent.toFixed(2)} ms each; load average ${steady.load.toFixed(1)}`,
    );

    // 3. Against the chain, once the last deposit is final.
    const lastBlock = await client.getBlockNumber();
    const finalAt = lastBlock + BigInt(required);
    for (const waitUntil = Date.now() + 60_000; ;) {
      const [status] = await indexer.status();
      if (status.checkpoint !== null && BigInt(status.checkpoint) >= finalAt) break;
      if (Date.now() > waitUntil) throw new Error(`the indexer did not reach block ${finalAt}`);
      await sleep(250);
    }
    await indexer.stop();
    await rpc('evm_setIntervalMining', [0]);
    const check = await checkAgainstChain({ db, client, viem, token, deploymentId, sent, invoices });
    failures.push(...check.failures);
    log(`check: ${check.summary}${check.failures.length > 0 ? `; FAILED: ${check.failures.join('; ')}` : ''}`);

    await db.end();
    const out = process.env.BENCH_RESULTS || join(root, 'bench', 'results', 'indexer.md');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, report({ server: server.url, config, required, catchUp, steady, check }));
    log(`wrote ${out}`);
  } finally {
    await app?.close().catch(() => undefined);
    anvil.child.kill('SIGTERM');
    await dropDatabase(server.url, dbName).catch((error) => log(`drop failed: ${error.message}`));
    await server.stop();
  }
  if (failures.length > 0) throw new Error(`deposits lost, doubled or miscounted: ${failures.join('; ')}`);
}

/**
 * Every deposit sent and mined is one row, CONFIRMED, of its amount; no other row exists; each
 * invoice's paid amount is what its address holds on chain; the balance rollup equals the rows.
 */
async function checkAgainstChain({ db, client, viem, token, deploymentId, sent, invoices }) {
  const failures = [];
  const mined = [];
  for (let i = 0; i < sent.length; i += 50) {
    const receipts = await Promise.all(
      sent
        .slice(i, i + 50)
        .map((deposit) => client.getTransactionReceipt({ hash: deposit.hash }).catch(() => undefined)),
    );
    receipts.forEach((receipt, k) => {
      if (receipt?.status === 'success') mined.push(sent[i + k]);
    });
  }
  if (mined.length !== sent.length) failures.push(`${sent.length - mined.length} deposits sent but not mined`);
  const rows = (
    await db.query(
      `SELECT tx_hash, count(*)::int AS n, sum(amount)::text AS amount, array_agg(DISTINCT status) AS statuses
         FROM transactions WHERE deployment_id = $1 GROUP BY tx_hash`,
      [deploymentId],
    )
  ).rows;
  const byHash = new Map(rows.map((row) => [row.tx_hash, row]));
  const lost = mined.filter((deposit) => !byHash.has(deposit.hash));
  const doubled = rows.filter((row) => row.n > 1);
  const minedHashes = new Set(mined.map((deposit) => deposit.hash));
  const unknown = rows.filter((row) => !minedHashes.has(row.tx_hash));
  const wrong = rows.filter(
    (row) => row.n === 1 && (row.amount !== AMOUNT.toString() || String(row.statuses) !== 'CONFIRMED'),
  );
  if (lost.length > 0) failures.push(`${lost.length} lost (e.g. ${lost[0].hash})`);
  if (doubled.length > 0) failures.push(`${doubled.length} doubled (e.g. ${doubled[0].tx_hash})`);
  if (unknown.length > 0) failures.push(`${unknown.length} rows for no deposit sent (e.g. ${unknown[0].tx_hash})`);
  if (wrong.length > 0) failures.push(`${wrong.length} rows not CONFIRMED for ${AMOUNT} (e.g. ${wrong[0].tx_hash})`);

  const paid = new Map(
    (await db.query(`SELECT id, paid_amount::text FROM invoices WHERE deployment_id = $1`, [deploymentId])).rows.map(
      (row) => [row.id, BigInt(row.paid_amount ?? '0')],
    ),
  );
  const paidInvoices = [...new Map(mined.map((deposit) => [deposit.invoice.id, deposit.invoice])).values()];
  let mismatched = 0;
  let example;
  for (let i = 0; i < paidInvoices.length; i += 50) {
    const balances = await Promise.all(
      paidInvoices.slice(i, i + 50).map((invoice) =>
        invoice.native
          ? client.getBalance({ address: invoice.address })
          : client.readContract({
              address: USDC,
              abi: token.abi,
              functionName: 'balanceOf',
              args: [invoice.address],
            }),
      ),
    );
    balances.forEach((balance, k) => {
      const invoice = paidInvoices[i + k];
      if (paid.get(invoice.id) !== balance) {
        mismatched++;
        example ??= `${invoice.address}: paid ${paid.get(invoice.id)}, chain ${balance}`;
      }
    });
  }
  if (mismatched > 0)
    failures.push(`${mismatched} invoices whose paid amount is not their balance on chain (${example})`);

  const rollup = (
    await db.query(
      `SELECT coalesce((SELECT sum(amount) FROM transaction_amounts WHERE deployment_id = $1), 0)::text AS rollup,
              coalesce((SELECT sum(amount) FROM transactions WHERE deployment_id = $1 AND currency_id IS NOT NULL), 0)::text AS rows`,
      [deploymentId],
    )
  ).rows[0];
  if (rollup.rollup !== rollup.rows) failures.push(`balance rollup ${rollup.rollup} but rows sum to ${rollup.rows}`);
  void viem;
  void invoices;
  return {
    failures,
    summary: `${mined.length} deposits mined, ${rows.length} recorded, ${lost.length} lost, ${doubled.length} doubled; ${paidInvoices.length - mismatched}/${paidInvoices.length} invoices paid what the chain holds; rollup ${rollup.rollup === rollup.rows ? 'exact' : 'WRONG'}`,
  };
}

function report({ server, config, required, catchUp, steady, check }) {
  const phase = (label, p) => [
    `| ${label}: applied events | ${p.outcomes.applied} applied (${p.outcomes.duplicate} replays, ${p.outcomes.ignored} ignored, ${p.outcomes.refused} refused); **${p.eventsPerSecond.toFixed(0)} events/s**, ${p.msPerEvent.toFixed(2)} ms of intake per event |`,
    `| ${label}: where the time goes | ${p.seconds.toFixed(2)} s: intake busy ${p.intakeSeconds.toFixed(2)} s, RPC busy ${p.rpcSeconds.toFixed(2)} s (${p.rpcCalls} calls); ${p.statementsPerEvent.toFixed(1)} statements per applied event; load average ${p.load.toFixed(1)} |`,
    ...p.top.map(
      (entry) =>
        `| ${label}: \`${entry.kind.replace(/\|/g, '\\|')}\` | ${entry.perEvent.toFixed(2)} per event, ${entry.msPerCall.toFixed(2)} ms each (app side) |`,
    ),
    ...p.server.map(
      (entry) =>
        `| ${label}, server: \`${entry.kind.replace(/\|/g, '\\|')}\` | ${entry.perEvent.toFixed(2)} per event, ${entry.msPerCall.toFixed(3)} ms each (pg_stat_statements) |`,
    ),
  ];
  return [
    '# Indexer benchmark (`npm run bench:indexer`)',
    '',
    `anvil (chain ${CHAIN}, ${required} confirmations), PostgreSQL on ${new URL(server).host}, INDEXER_BATCH_BLOCKS=${config.indexer.batchBlocks}, ` +
      `INDEXER_CONCURRENCY=${config.indexer.concurrency}, INDEXER_POLL_INTERVAL_MS=${config.indexer.pollIntervalMs}.`,
    '',
    '| scenario | figure |',
    '|---|---|',
    `| catch-up: ${catchUp.blocks} blocks, ${TRANSFERS} deposits | ${catchUp.seconds.toFixed(2)} s, **${catchUp.blocksPerSecond.toFixed(0)} blocks/s** |`,
    ...phase('catch-up', catchUp),
    `| steady: ${steady.rate.toFixed(1)} deposits/s, 1 block/s, ${SECONDS} s | lag in blocks p50 ${steady.lagP50}, **p95 ${steady.lagP95}**, max ${steady.lagMax} |`,
    `| steady: send → transaction row | p50 ${steady.latencyP50?.toFixed(2)} s, **p95 ${steady.latencyP95?.toFixed(2)} s**, max ${steady.latencyMax?.toFixed(2)} s (${steady.seen}/${steady.sent} seen) |`,
    ...phase('steady', steady),
    `| check against the chain | ${check.summary} |`,
    '',
  ].join('\n');
}

main().then(
  () => process.exit(0),
  (error) => {
    log(error.stack || String(error));
    process.exit(1);
  },
);
