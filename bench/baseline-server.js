'use strict';
// The raw baseline for `npm run bench`: node:http + pg, no framework, the same SQL as the app's
// transactions endpoints (auth by API-key hash, membership, bucketed count, index-only page of ids
// joined back) and the same JSON. What the app costs on top of this is the framework's share.
const http = require('node:http');
const { createHash } = require('node:crypto');
const { Pool, types } = require('pg');
const { CURRENCIES } = require('../dist/src/modules/catalog/seed/currencies');

types.setTypeParser(1700, (v) => v);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const currencies = new Map(CURRENCIES.map((c) => [c.id, c]));
const DAY = 86_400_000;

function decimal(units, decimals) {
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(decimals + 1, '0');
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${neg ? '-' : ''}${digits.slice(0, digits.length - decimals)}${frac ? `.${frac}` : ''}`;
}

function currencyDto(c) {
  if (!c) return null;
  const t = '2025-11-21T00:00:00.000Z';
  return { id: c.id, symbol: c.symbol, name: c.name, chainId: c.chainId, address: c.address, decimals: c.decimals, isNative: c.isNative, isScam: c.isScam, isVerified: c.isVerified, cmcId: c.cmcId, logoUrl: c.logoUrl, createdAt: t, updatedAt: t };
}

function item(r) {
  const c = r.currency_id ? currencies.get(r.currency_id) : undefined;
  const native = currencies.get(r.chain_id);
  const amount = BigInt(r.amount);
  const canClaim = r.operation_type === 'invoice' && (r.status === 'EXECUTED' || r.status === 'CONFIRMED') && !r.is_claimed;
  return {
    id: r.id, direction: r.direction, status: r.status, chainId: r.chain_id, txHash: r.tx_hash, currencyId: r.currency_id,
    amount: c ? decimal(r.direction === 'OUT' ? -amount : amount, c.decimals) : '0',
    fromAddress: r.from_address, toAddress: r.to_address, operationId: r.operation_id, operationType: r.operation_type,
    blockNumber: r.block_number, blockchainFee: r.blockchain_fee === null ? null : decimal(BigInt(r.blockchain_fee), native ? native.decimals : 18),
    confirmations: r.confirmations, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), canClaim, isClaimed: r.is_claimed,
    invoiceId: r.invoice_id, confirmedAt: r.confirmed_at ? r.confirmed_at.toISOString() : null, invoice: null, currency: currencyDto(c),
  };
}

const COLS = `t.id, t.direction, t.status, t.chain_id, t.tx_hash, t.currency_id, t.amount, t.from_address, t.to_address, t.operation_id,
  t.operation_type, t.invoice_id, t.block_number, t.blockchain_fee, t.confirmations, t.is_claimed, t.confirmed_at, t.created_at, t.updated_at`;

async function authorize(req, deploymentId) {
  const key = req.headers['x-api-key'];
  if (!key) return 401;
  const m = await pool.query(`SELECT m.id FROM member_credentials c JOIN members m ON m.id = c.member_id WHERE c.api_key_sha256 = $1`, [
    createHash('sha256').update(key).digest('hex'),
  ]);
  if (m.rowCount === 0) return 401;
  const d = await pool.query(
    `SELECT d.id, EXISTS (SELECT 1 FROM account_members am WHERE am.account_id = d.account_id AND am.member_id = $2) AS member FROM deployments d WHERE d.id = $1`,
    [deploymentId, m.rows[0].id],
  );
  return d.rowCount === 1 && d.rows[0].member ? 200 : 403;
}

function filters(q, params, withTime) {
  const w = [`deployment_id = $${params.push(q.deploymentId)}`];
  if (q.statuses) w.push(`status = ANY($${params.push(q.statuses)})`);
  if (q.currencyIds) w.push(`currency_id = ANY($${params.push(q.currencyIds)})`);
  if (q.isClaimed !== undefined) w.push(`is_claimed = $${params.push(q.isClaimed)}`);
  if (withTime && q.createdFrom) w.push(`created_at >= $${params.push(q.createdFrom)}::timestamptz`);
  if (withTime && q.createdTo) w.push(`created_at <= $${params.push(q.createdTo)}::timestamptz`);
  return w.join(' AND ');
}

async function countRows(q) {
  const p = [];
  const r = await pool.query(`SELECT count(*)::text AS n FROM transactions WHERE ${filters(q, p, true)}`, p);
  return Number(r.rows[0].n);
}

async function count(q) {
  const from = q.createdFrom ? Date.parse(q.createdFrom) : undefined;
  const to = q.createdTo ? Date.parse(q.createdTo) : undefined;
  const first = from === undefined ? undefined : Math.ceil(from / DAY);
  const end = to === undefined ? undefined : Math.floor((to + 1) / DAY);
  if (first !== undefined && end !== undefined && first >= end) return countRows(q);
  const p = [];
  let w = filters(q, p, false);
  if (first !== undefined) w += ` AND created_day >= $${p.push(new Date(first * DAY).toISOString().slice(0, 10))}::date`;
  if (end !== undefined) w += ` AND created_day < $${p.push(new Date(end * DAY).toISOString().slice(0, 10))}::date`;
  const [sum, before, after] = await Promise.all([
    pool.query(`SELECT coalesce(sum(n), 0)::text AS n FROM transaction_counts WHERE ${w}`, p),
    first === undefined ? 0 : countRows({ ...q, createdTo: new Date(first * DAY - 1).toISOString() }),
    end === undefined ? 0 : countRows({ ...q, createdFrom: new Date(end * DAY).toISOString() }),
  ]);
  return Number(sum.rows[0].n) + before + after;
}

async function page(q) {
  const p = [];
  const w = filters(q, p, true);
  const r = await pool.query(
    `SELECT ${COLS} FROM (SELECT id FROM transactions WHERE ${w} ORDER BY created_at DESC, id DESC LIMIT $${p.push(q.pageSize)} OFFSET $${p.push(q.offset)}) x
       JOIN transactions t ON t.id = x.id ORDER BY t.created_at DESC, t.id DESC`,
    p,
  );
  return r.rows.map(item);
}

const list = (v) => (v ? v.split(',') : undefined);

async function handle(req, res) {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/health') return send(res, 200, { status: 'ok' });
  if (url.pathname === '/api/v1/public/currencies') return send(res, 200, CURRENCIES.map(currencyDto));
  const m = /^\/api\/v1\/deployments\/([0-9a-f-]{36})\/transactions(?:\/([0-9a-f-]{36}))?$/.exec(url.pathname);
  if (!m) return send(res, 404, { statusCode: 404 });
  const status = await authorize(req, m[1]);
  if (status !== 200) return send(res, status, { statusCode: status });
  if (m[2]) {
    const r = await pool.query(`SELECT ${COLS} FROM transactions t WHERE t.id = $1 AND t.deployment_id = $2`, [m[2], m[1]]);
    if (r.rowCount === 0) return send(res, 404, { statusCode: 404 });
    const tx = item(r.rows[0]);
    return send(res, 200, { transaction: tx, canClaim: tx.canClaim, isClaimed: tx.isClaimed, invoice: null, currency: tx.currency });
  }
  const s = url.searchParams;
  const pageNo = Number(s.get('page') || 1);
  const pageSize = Number(s.get('pageSize') || 10);
  const q = {
    deploymentId: m[1],
    statuses: list(s.get('statuses')),
    currencyIds: list(s.get('currencyIds')),
    isClaimed: s.has('isClaimed') ? s.get('isClaimed') === 'true' : undefined,
    createdFrom: s.get('createdFrom') || undefined,
    createdTo: s.get('createdTo') || undefined,
    pageSize,
    offset: String((pageNo - 1) * pageSize),
  };
  const [total, items] = await Promise.all([count(q), page(q)]);
  send(res, 200, { total, page: pageNo, pageSize, items });
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

http
  .createServer((req, res) => {
    handle(req, res).catch((error) => {
      process.stderr.write(`${error.stack}\n`);
      send(res, 500, { statusCode: 500 });
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
