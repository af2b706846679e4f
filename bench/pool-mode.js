'use strict';
// `npm run bench:pool-mode`: what DATABASE_POOL_MODE=transaction costs a read. The app's data source
// runs one indexed three-table lookup (the shape of a detail endpoint's statement) from 8 concurrent
// callers, in the same run and in alternating slices: in session mode straight to PostgreSQL (named
// statements, today's default), in transaction mode straight to PostgreSQL (unnamed, each statement
// in a transaction that sets the settings with SET LOCAL), and in transaction mode through a
// PgBouncer of its own (pool_mode = transaction). Raw node-postgres on one connection each, named,
// unnamed, and unnamed wrapped in BEGIN; SET LOCAL … / COMMIT, tell the statement names' share of
// the difference from the extra round trips'.
// Needs the built app (run-built builds it), pgbouncer on the PATH or in /usr/sbin, and a local
// PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres).
// Knobs: POOL_BENCH_SECONDS (per slice, 3), POOL_BENCH_ROUNDS (2), POOL_BENCH_CALLERS (8).
const { join } = require('node:path');
const { Client } = require('pg');
const { startPgBouncer } = require('./pgbouncer');

const root = join(__dirname, '..');
const dist = (p) => require(join(root, 'dist', p));
const { createDataSource } = dist('ormconfig');
const { ensureDatabase, dropDatabase } = dist('src/database/database-setup');

const SECONDS = Number(process.env.POOL_BENCH_SECONDS || 3);
const ROUNDS = Number(process.env.POOL_BENCH_ROUNDS || 2);
const CALLERS = Number(process.env.POOL_BENCH_CALLERS || 8);
const ROWS = 100_000;
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const LOOKUP = `
  SELECT o.id, o.amount, o.created_at, a.name AS account, c.symbol, c.decimals
    FROM pool_bench_orders o
    JOIN pool_bench_accounts a ON a.id = o.account_id
    JOIN pool_bench_currencies c ON c.id = o.currency_id
   WHERE o.id = $1 AND o.deleted_at IS NULL`;

/** Calls `one()` from `callers` loops for SECONDS; calls per second. */
async function drive(one, callers) {
  let calls = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < until) {
        await one();
        calls++;
      }
    }),
  );
  return calls / SECONDS;
}

async function main() {
  const name = `pool_bench_${Date.now().toString(36)}`;
  const url = await ensureDatabase(serverUrl, name);
  const bouncer = await startPgBouncer(serverUrl);
  const sides = [];
  try {
    const setup = new Client({ connectionString: url });
    await setup.connect();
    await setup.query(`
      CREATE TABLE pool_bench_accounts (id int PRIMARY KEY, name text NOT NULL);
      CREATE TABLE pool_bench_currencies (id int PRIMARY KEY, symbol text NOT NULL, decimals int NOT NULL);
      CREATE TABLE pool_bench_orders (id int PRIMARY KEY, account_id int NOT NULL REFERENCES pool_bench_accounts,
        currency_id int NOT NULL REFERENCES pool_bench_currencies, amount numeric(78,0) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(), deleted_at timestamptz);
      INSERT INTO pool_bench_accounts SELECT g, 'account ' || g FROM generate_series(1, 1000) g;
      INSERT INTO pool_bench_currencies SELECT g, 'C' || g, 6 FROM generate_series(1, 50) g;
      INSERT INTO pool_bench_orders (id, account_id, currency_id, amount)
        SELECT g, 1 + g % 1000, 1 + g % 50, g * 1000 FROM generate_series(1, ${ROWS}) g;
      ANALYZE`);
    await setup.end();
    const id = () => [1 + Math.floor(Math.random() * ROWS)];

    const sessionDirect = await createDataSource(url, 'session').initialize();
    const transactionDirect = await createDataSource(url, 'transaction').initialize();
    const transactionPooled = await createDataSource(bouncer.through(url), 'transaction').initialize();
    const named = new Client({ connectionString: url });
    const unnamed = new Client({ connectionString: url });
    const wrapped = new Client({ connectionString: url });
    const settings =
      "SET LOCAL statement_timeout = '15000'; SET LOCAL idle_in_transaction_session_timeout = '30000'; SET LOCAL max_parallel_workers_per_gather = '0'";
    for (const client of [named, unnamed, wrapped]) {
      client.on('error', () => undefined);
      await client.connect();
    }
    sides.push(
      { label: 'app, session mode, direct (named statements)', run: () => sessionDirect.query(LOOKUP, id()) },
      { label: 'app, transaction mode, direct', run: () => transactionDirect.query(LOOKUP, id()) },
      { label: 'app, transaction mode, through PgBouncer 1.18', run: () => transactionPooled.query(LOOKUP, id()) },
      {
        label: 'node-postgres, one connection, named',
        run: () => named.query({ name: 'lookup', text: LOOKUP, values: id() }),
      },
      { label: 'node-postgres, one connection, unnamed', run: () => unnamed.query({ text: LOOKUP, values: id() }) },
      {
        label: 'node-postgres, one connection, unnamed in BEGIN; SET LOCAL … / COMMIT',
        run: async () => {
          await wrapped.query(`BEGIN; ${settings}`);
          await wrapped.query({ text: LOOKUP, values: id() });
          await wrapped.query('COMMIT');
        },
      },
    );
    // One caller per raw connection: node-postgres runs one statement at a time on a client.
    for (const side of sides) side.callers = side.label.startsWith('node-postgres') ? 1 : CALLERS;
    for (const side of sides) {
      side.rates = [];
      await drive(side.run, side.callers); // warm-up, not counted
    }
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) side.rates.push(await drive(side.run, side.callers));
    }
    process.stdout.write(`\n${CALLERS} callers, ${ROUNDS} slices of ${SECONDS} s per side, alternating\n\n`);
    process.stdout.write('| side | lookups/s | ms per lookup per caller |\n|---|---:|---:|\n');
    for (const side of sides) {
      const rate = side.rates.reduce((a, b) => a + b, 0) / side.rates.length;
      process.stdout.write(`| ${side.label} | ${rate.toFixed(0)} | ${((1000 * side.callers) / rate).toFixed(3)} |\n`);
    }
    await Promise.all([sessionDirect.destroy(), transactionDirect.destroy(), transactionPooled.destroy()]);
    await Promise.all([named.end(), unnamed.end(), wrapped.end()]);
  } finally {
    bouncer.stop();
    await dropDatabase(serverUrl, name);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
