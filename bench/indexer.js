'use strict';
// `npm run bench:indexer`: the built-in indexer against anvil (as Sepolia) on a database of its own.
// 1. Catch-up: 10,000 blocks holding 1,000 deposits (half native, half ERC-20) to 1,000 invoice
//    addresses, indexed from block 0; reports blocks/s and checks every deposit was recorded once.
// 2. Steady load: 20 deposits/s for BENCH_SECONDS (default 30) with anvil mining one block a second;
//    reports the indexer's lag in blocks (sampled) and the seconds from sending a deposit to its row.
// Figures land in bench/results/indexer.md. Nothing is asserted on timing.
const { spawn } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { dirname, join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { Client } = require('pg');

const root = join(__dirname, '..');
const dist = (p) => require(join(root, 'dist', p));
const log = (...args) => process.stderr.write(`${args.join(' ')}\n`);

const CHAIN = 11155111;
const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const BLOCKS = Number(process.env.BENCH_BLOCKS || 10_000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS || 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const RATE = Number(process.env.BENCH_RATE || 20);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startAnvil() {
  const pkg = dirname(require.resolve(`@foundry-rs/anvil-linux-amd64/package.json`));
  const binary = [join(pkg, 'bin', 'anvil'), join(pkg, 'anvil')].find((p) => require('node:fs').existsSync(p));
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
  const { DeploymentsService } = dist('src/modules/deployments/application/deployments.service');
  const { MembersService } = dist('src/modules/auth/application/members.service');
  const { ChainEventIntake } = dist('src/modules/chain/application/chain-event-intake');

  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `bench_indexer_${Date.now().toString(36)}`;
  const databaseUrl = await ensureDatabase(server, dbName);
  const anvil = await startAnvil();
  let app;
  try {
    await prepareDatabase(databaseUrl, { runMigrations: true }, createLogger('silent'));
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
    // Time spent applying events, to tell the intake's share from the chain reading's.
    const intake = app.get(ChainEventIntake);
    const ingest = intake.ingest.bind(intake);
    const applied = { ms: 0, events: 0 };
    intake.ingest = async (events) => {
      const started = performance.now();
      try {
        return await ingest(events);
      } finally {
        applied.ms += performance.now() - started;
        applied.events += events.length;
      }
    };

    // One deployment, TRANSFERS + RATE * SECONDS invoices (half native, half USDC).
    const owner = privateKeyToAccount(generatePrivateKey());
    const member = await app.get(MembersService).createMember(owner.address);
    const deployments = app.get(DeploymentsService);
    const account = await deployments.createAccount('Bench', [owner.address]);
    const { id: deploymentId } = await deployments.createDeployment({
      accountId: account.id,
      chainId: String(CHAIN),
      address: privateKeyToAccount(generatePrivateKey()).address,
      smartContractVersionId: '1.2.0-evm',
      approvers: [owner.address],
      threshold: 1,
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
          return { native, address: (await res.json()).invoiceAddress };
        }),
      );
      invoices.push(...batch);
    }

    let nonce = await client.getTransactionCount({ address: payer.address });
    const sendDeposit = (invoice) =>
      invoice.native
        ? wallet.sendTransaction({
            to: invoice.address,
            value: 1000n,
            nonce: nonce++,
            gas: 21000n,
            gasPrice: 10n ** 10n,
          })
        : wallet.writeContract({
            address: USDC,
            abi: token.abi,
            functionName: 'transfer',
            args: [invoice.address, 1000n],
            nonce: nonce++,
            gas: 100000n,
            gasPrice: 10n ** 10n,
          });

    // 1. Catch-up.
    log(`building ${BLOCKS} blocks with ${TRANSFERS} deposits`);
    const gap = Math.floor(BLOCKS / TRANSFERS) - 1;
    for (let i = 0; i < TRANSFERS; i++) {
      await sendDeposit(invoices[i]);
      if (gap > 0) await rpc('anvil_mine', [viem.toHex(gap)]);
    }
    const head = await client.getBlockNumber();
    const indexer = app.get(IndexerService);
    const pg = new Client({ connectionString: databaseUrl });
    await pg.connect();
    const started = Date.now();
    indexer.start();
    for (;;) {
      const [status] = await indexer.status();
      if (status.checkpoint !== null && BigInt(status.checkpoint) >= head) break;
      await sleep(25);
    }
    const seconds = (Date.now() - started) / 1000;
    const recorded = Number(
      (await pg.query(`SELECT count(*) FROM transactions WHERE deployment_id = $1`, [deploymentId])).rows[0].count,
    );
    const catchUp = {
      blocks: Number(head) + 1,
      seconds,
      blocksPerSecond: (Number(head) + 1) / seconds,
      recorded,
      intakeSeconds: applied.ms / 1000,
      events: applied.events,
    };
    log(
      `catch-up: ${catchUp.blocks} blocks in ${seconds.toFixed(2)} s = ${catchUp.blocksPerSecond.toFixed(0)} blocks/s; ` +
        `${recorded} deposits recorded; ${catchUp.events} events applied in ${catchUp.intakeSeconds.toFixed(2)} s`,
    );
    applied.ms = 0;
    applied.events = 0;

    // 2. Steady load: one block a second, RATE deposits a second.
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
    let sent = 0;
    while (Date.now() - steadyStart < SECONDS * 1000) {
      const due = Math.floor(((Date.now() - steadyStart) / 1000) * RATE);
      while (sent < due && TRANSFERS + sent < invoices.length) {
        const hash = await sendDeposit(invoices[TRANSFERS + sent]);
        sentAt.set(hash.toLowerCase(), Date.now());
        sent++;
      }
      await sleep(10);
    }
    // Let the last deposits land.
    const deadline = Date.now() + 20_000;
    let seen = [];
    while (Date.now() < deadline) {
      seen = (
        await pg.query(
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
      events: applied.events,
      intakeMsPerEvent: applied.ms / Math.max(1, applied.events),
      sent,
      seen: seen.length,
      rate: sent / SECONDS,
      lagP50: pct(sortedLags, 50),
      lagP95: pct(sortedLags, 95),
      lagMax: sortedLags.at(-1),
      latencyP50: pct(latencies, 50),
      latencyP95: pct(latencies, 95),
      latencyMax: latencies.at(-1),
    };
    log(
      `steady: ${sent} deposits in ${SECONDS} s (${steady.rate.toFixed(1)}/s), ${seen.length} recorded; ` +
        `lag blocks p50 ${steady.lagP50} p95 ${steady.lagP95} max ${steady.lagMax}; ` +
        `send→row s p50 ${steady.latencyP50?.toFixed(2)} p95 ${steady.latencyP95?.toFixed(2)} max ${steady.latencyMax?.toFixed(2)}; ` +
        `${steady.events} events at ${steady.intakeMsPerEvent.toFixed(1)} ms each`,
    );
    await pg.end();
    await indexer.stop();

    const out = join(root, 'bench', 'results', 'indexer.md');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      [
        '# Indexer benchmark (`npm run bench:indexer`)',
        '',
        `anvil (chain ${CHAIN}, 3 confirmations), PostgreSQL on ${new URL(server).host}, INDEXER_BATCH_BLOCKS=${config.indexer.batchBlocks}, ` +
          `INDEXER_CONCURRENCY=${config.indexer.concurrency}, INDEXER_POLL_INTERVAL_MS=${config.indexer.pollIntervalMs}.`,
        '',
        '| scenario | figure |',
        '|---|---|',
        `| catch-up: ${catchUp.blocks} blocks, ${TRANSFERS} deposits | ${catchUp.seconds.toFixed(2)} s, **${catchUp.blocksPerSecond.toFixed(0)} blocks/s**, ${catchUp.recorded} deposits recorded; ${catchUp.events} events; intake busy ${catchUp.intakeSeconds.toFixed(2)} s summed over its lanes |`,
        `| steady: ${steady.rate.toFixed(1)} deposits/s, 1 block/s, ${SECONDS} s | lag in blocks p50 ${steady.lagP50}, p95 ${steady.lagP95}, max ${steady.lagMax} |`,
        `| steady: send → transaction row | p50 ${steady.latencyP50?.toFixed(2)} s, p95 ${steady.latencyP95?.toFixed(2)} s, max ${steady.latencyMax?.toFixed(2)} s (${steady.seen}/${steady.sent} seen) |`,
        `| steady: intake | ${steady.events} events, ${steady.intakeMsPerEvent.toFixed(1)} ms each (summed over lanes) |`,
        '',
      ].join('\n'),
    );
    log(`wrote ${out}`);
  } finally {
    await app?.close().catch(() => undefined);
    anvil.child.kill('SIGTERM');
    await dropDatabase(server, dbName).catch((error) => log(`drop failed: ${error.message}`));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    log(error.stack || String(error));
    process.exit(1);
  },
);
