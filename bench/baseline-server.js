'use strict';
// The raw baseline for `npm run bench`: node:http + pg, no framework, the same SQL as the app's
// endpoints (auth by API-key hash, then membership, as two plain queries; the transactions
// repository's own statements for the page with its exact total and the detail; the other lists'
// count and page statements), prepared as the app's data source prepares them, and the same JSON
// for transactions. What the app costs on top of this is the framework's share.
const http = require('node:http');
const { createHash } = require('node:crypto');
const { Pool, types } = require('pg');
const { CURRENCIES } = require('../dist/src/modules/catalog/seed/currencies');
const {
  TypeOrmTransactionReadRepository,
} = require('../dist/src/modules/deployments/infrastructure/typeorm-transaction-read.repository');
const { TypeOrmBalanceLedger } = require('../dist/src/modules/balances/infrastructure/typeorm-balance-ledger');
const { StatementNames, STATEMENT_NAMES_LIMIT } = require('../dist/src/database/pooled-data-source');

types.setTypeParser(1700, (v) => v);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const currencies = new Map(CURRENCIES.map((c) => [c.id, c]));
/**
 * A statement on the pool, named by the app's own StatementNames, so both sides prepare the same
 * statements, spend the same in PostgreSQL, and the difference stays the framework's.
 */
const names = new StatementNames(STATEMENT_NAMES_LIMIT);
function run(text, values) {
  return pool.query({ text, values, name: names.nameOf(text) });
}
// The app's transactions SQL itself (page and exact total in one statement), run on the raw pool.
const rawQuery = { query: (sql, params) => run(sql, params).then((r) => r.rows) };
const transactions = new TypeOrmTransactionReadRepository(rawQuery);
// And the app's balance ledger statement.
const ledger = new TypeOrmBalanceLedger(rawQuery);

function decimal(units, decimals) {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(decimals + 1, '0');
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${neg ? '-' : ''}${digits.slice(0, digits.length - decimals)}${frac ? `.${frac}` : ''}`;
}

function currencyDto(c) {
  if (!c) return null;
  const t = '2025-11-21T00:00:00.000Z';
  return {
    id: c.id,
    symbol: c.symbol,
    name: c.name,
    chainId: c.chainId,
    address: c.address,
    decimals: c.decimals,
    isNative: c.isNative,
    isScam: c.isScam,
    isVerified: c.isVerified,
    cmcId: c.cmcId,
    logoUrl: c.logoUrl,
    createdAt: t,
    updatedAt: t,
  };
}

/** One transaction record (as the repository returns it) in the API's JSON shape. */
function item(r) {
  const c = r.currencyId ? currencies.get(r.currencyId) : undefined;
  const native = currencies.get(r.chainId);
  const canClaim =
    r.operationType === 'invoice' && (r.status === 'EXECUTED' || r.status === 'CONFIRMED') && !r.isClaimed;
  return {
    id: r.id,
    direction: r.direction,
    status: r.status,
    chainId: r.chainId,
    txHash: r.txHash,
    currencyId: r.currencyId,
    amount: c ? decimal(r.direction === 'OUT' ? -r.amount : r.amount, c.decimals) : '0',
    fromAddress: r.fromAddress,
    toAddress: r.toAddress,
    operationId: r.operationId,
    operationType: r.operationType,
    blockNumber: r.blockNumber,
    blockchainFee: r.blockchainFee === null ? null : decimal(r.blockchainFee, native ? native.decimals : 18),
    confirmations: r.confirmations,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    canClaim,
    isClaimed: r.isClaimed,
    invoiceId: r.invoiceId,
    confirmedAt: r.confirmedAt ? r.confirmedAt.toISOString() : null,
    invoice: r.invoice,
    currency: currencyDto(c),
  };
}

/** A refusal, in the shape both servers send it. */
const refusal = (status) => ({ status, body: { statusCode: status } });

/** The account's balances on one chain: membership, then the ledger (one page). */
async function accountBalances(key, accountId, chainId) {
  if (!key) return refusal(401);
  const member = await run(
    `SELECT 1 FROM member_credentials c JOIN account_members am ON am.member_id = c.member_id AND am.account_id = $2
      WHERE c.api_key_sha256 = $1`,
    [createHash('sha256').update(key).digest('hex'), accountId],
  );
  if (member.rowCount === 0) return refusal(404);
  const rows = await ledger.ledger(accountId, chainId);
  const items = rows
    .filter((row) => row.balance !== 0n)
    .slice(0, 10)
    .map((row) => {
      const c = currencies.get(row.currencyId);
      return { currency: currencyDto(c), balance: decimal(row.balance, c ? c.decimals : 18), convertedBalance: null };
    });
  return { status: 200, body: { total: items.length, page: 1, pageSize: 10, items } };
}

async function authorize(key, deploymentId) {
  if (!key) return 401;
  const m = await run(
    `SELECT m.id FROM member_credentials c JOIN members m ON m.id = c.member_id WHERE c.api_key_sha256 = $1`,
    [createHash('sha256').update(key).digest('hex')],
  );
  if (m.rowCount === 0) return 401;
  const d = await run(
    `SELECT d.id, EXISTS (SELECT 1 FROM account_members am WHERE am.account_id = d.account_id AND am.member_id = $2) AS member FROM deployments d WHERE d.id = $1`,
    [deploymentId, m.rows[0].id],
  );
  return d.rowCount === 1 && d.rows[0].member ? 200 : 403;
}

/**
 * The other lists: the same statements the app's repositories send (the total, from the list's
 * rollup where the app reads it there, and the page), rows sent as they come. Balances, above,
 * runs the app's own ledger statement.
 */
const LISTS = {
  invoices: async (id) => {
    const [count, page] = await Promise.all([
      run(`SELECT coalesce(sum(n), 0) AS total FROM invoice_totals WHERE deployment_id = $1`, [id]),
      run(
        `SELECT id, deployment_id, chain_id, public_id, invoice_nonce, invoice_address_hex, requested_amount, currency_ids, tracking_id,
                callback_url, payment_page_button_url, payment_page_button_text, status, paid_amount, created_at, updated_at
           FROM invoices WHERE deployment_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [id, 10, '0'],
      ),
    ]);
    const settled = await run(
      `SELECT invoice_id, currency_id, sum(amount) AS total FROM transactions
        WHERE invoice_id = ANY($1::uuid[]) AND operation_type = 'invoice' AND status IN ('EXECUTED', 'CONFIRMED') GROUP BY invoice_id, currency_id`,
      [page.rows.map((r) => r.id)],
    );
    return { total: Number(count.rows[0].total), items: page.rows, settled: settled.rows.length };
  },
  payouts: async (id) => {
    const [count, page] = await Promise.all([
      run(`SELECT coalesce(sum(n), 0) AS total FROM payout_totals WHERE deployment_id = $1`, [id]),
      run(
        `SELECT id, deployment_id, queue_operation_id, currency_id, amount, to_address, tracking_id, callback_url, nonce, status, created_by,
                created_by_member_id, created_at, updated_at
           FROM payouts WHERE deployment_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [id, 10, '0'],
      ),
    ]);
    return { total: Number(count.rows[0].total), items: page.rows };
  },
  operations: async (id) => {
    const where = `o.deployment_id = $1 AND o.deleted_at IS NULL`;
    const [count, page] = await Promise.all([
      run(`SELECT coalesce(sum(n), 0) AS total FROM queue_operation_totals WHERE deployment_id = $1`, [id]),
      run(
        `SELECT o.id, o.deployment_id, o.nonce, o.operation_type, o.status, o.calls, o.payload, o.created_by, o.created_by_member_id,
                o.signature_blob, o.tx_hash, o.expires_at, o.dapp_metadata, o.created_at, o.updated_at,
                COALESCE((SELECT json_agg(json_build_object('signer_hex', s.signer_hex, 'signature', s.signature,
                                                            'submitted_by', s.submitted_by, 'created_at', s.created_at) ORDER BY s.signer_hex)
                            FROM queue_signatures s WHERE s.operation_id = o.id), '[]'::json) AS signatures
           FROM queue_operations o WHERE ${where} ORDER BY o.nonce ASC, o.created_at ASC, o.id ASC LIMIT $2::int OFFSET $3::numeric`,
        [id, 10, '0'],
      ),
    ]);
    return { total: Number(count.rows[0].total), items: page.rows };
  },
  claims: async (id) => {
    const [count, page] = await Promise.all([
      run(`SELECT coalesce(sum(g.n), 0) AS total FROM claimable_group_totals g WHERE g.deployment_id = $1`, [id]),
      run(
        `SELECT g.invoice_id, g.currency_id, g.first_at, g.last_at, g.amount, g.transactions, i.invoice_nonce
           FROM claimable_groups g JOIN invoices i ON i.id = g.invoice_id
          WHERE g.deployment_id = $1
          ORDER BY g.first_at DESC, g.invoice_id DESC, g.currency_id DESC LIMIT $2 OFFSET $3`,
        [id, 10, '0'],
      ),
    ]);
    return { total: Number(count.rows[0].total), items: page.rows };
  },
};

const list = (v) => (v ? v.split(',') : undefined);

/**
 * The endpoints, each answering `{ status, body }` from the request's parts: the baseline routes
 * to them by hand (below), the framework floor (bench/floor-server.js) through NestJS routes.
 */
const endpoints = {
  health: () => ({ status: 200, body: { status: 'ok' } }),
  currencies: () => ({ status: 200, body: CURRENCIES.map(currencyDto) }),
  balances: accountBalances,
  list: async (apiKey, deploymentId, kind) => {
    const status = await authorize(apiKey, deploymentId);
    if (status !== 200) return refusal(status);
    return { status: 200, body: { page: 1, pageSize: 10, ...(await LISTS[kind](deploymentId)) } };
  },
  transaction: async (apiKey, deploymentId, transactionId) => {
    const status = await authorize(apiKey, deploymentId);
    if (status !== 200) return refusal(status);
    const record = await transactions.findInDeployment(deploymentId, transactionId);
    if (record === undefined) return refusal(404);
    const tx = item(record);
    const body = {
      transaction: tx,
      canClaim: tx.canClaim,
      isClaimed: tx.isClaimed,
      invoice: null,
      currency: tx.currency,
    };
    return { status: 200, body };
  },
  /** `query`: the query string's parameters, as an object of strings. */
  transactions: async (apiKey, deploymentId, query) => {
    const status = await authorize(apiKey, deploymentId);
    if (status !== 200) return refusal(status);
    const pageNo = Number(query.page || 1);
    const pageSize = Number(query.pageSize || 10);
    const { total, items } = await transactions.list({
      deploymentId,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      statuses: list(query.statuses),
      currencyIds: list(query.currencyIds),
      isClaimed: query.isClaimed !== undefined ? query.isClaimed === 'true' : undefined,
      createdFrom: query.createdFrom ? new Date(query.createdFrom).toISOString() : undefined,
      createdTo: query.createdTo ? new Date(query.createdTo).toISOString() : undefined,
      limit: pageSize,
      offset: String((pageNo - 1) * pageSize),
    });
    return { status: 200, body: { total, page: pageNo, pageSize, items: items.map(item) } };
  },
};

function route(req) {
  const url = new URL(req.url, 'http://x');
  const apiKey = req.headers['x-api-key'];
  if (url.pathname === '/health') return endpoints.health();
  if (url.pathname === '/api/v1/public/currencies') return endpoints.currencies();
  const balances = /^\/api\/v1\/accounts\/([0-9a-f-]{36})\/balance\/assets$/.exec(url.pathname);
  if (balances) return endpoints.balances(apiKey, balances[1], url.searchParams.get('chainId'));
  const other = /^\/api\/v1\/deployments\/([0-9a-f-]{36})\/(invoices|payouts|operations|claims)$/.exec(url.pathname);
  if (other) return endpoints.list(apiKey, other[1], other[2]);
  const m = /^\/api\/v1\/deployments\/([0-9a-f-]{36})\/transactions(?:\/([0-9a-f-]{36}))?$/.exec(url.pathname);
  if (!m) return refusal(404);
  if (m[2]) return endpoints.transaction(apiKey, m[1], m[2]);
  return endpoints.transactions(apiKey, m[1], Object.fromEntries(url.searchParams));
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

module.exports = { endpoints };

if (require.main === module) {
  http
    .createServer((req, res) => {
      const answer = route(req);
      // /health and the currencies answer at once, as a hand-written server would.
      if (!(answer instanceof Promise)) return send(res, answer.status, answer.body);
      answer
        .then(({ status, body }) => send(res, status, body))
        .catch((error) => {
          process.stderr.write(`${error.stack}\n`);
          send(res, 500, { statusCode: 500 });
        });
    })
    .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
}
