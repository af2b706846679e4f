import type { DataSource } from 'typeorm';

export const USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
export const USDC = '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
type Db = Pick<DataSource, 'query'>;

let nonces = 0;

/**
 * `count` queue operations of random type and status (some CANCELLED ones deleted), a payout of
 * random status and currency for each PAYOUT one, and `count` invoices of random status: one
 * statement, as a bulk import would write them.
 */
export async function insertRows(db: Db, deploymentId: string, count: number): Promise<void> {
  const first = nonces;
  nonces += count;
  await db.query(
    `WITH ops AS (
       INSERT INTO queue_operations (id, deployment_id, nonce, operation_type, status, calls, payload, created_by,
                                     created_by_member_id, deleted_at)
       SELECT gen_random_uuid(), $1, $2::bigint + i, type, status, '[]'::jsonb, '{}'::jsonb, m.address, m.id,
              CASE WHEN status = 'CANCELLED' AND random() < 0.5 THEN now() END
         FROM generate_series(1, $3::int) AS i,
              LATERAL (SELECT (ARRAY['MULTISIG_CONFIG_CHANGE', 'REJECT', 'PAYOUT', 'DAPP_TRANSACTION'])[1 + floor(random() * 4)::int] AS type,
                              (ARRAY['PENDING', 'READY', 'EXECUTED', 'FAILED', 'CANCELLED'])[1 + floor(random() * 5)::int] AS status
                        WHERE i > 0) r,
              (SELECT m.id, m.address FROM members m JOIN account_members am ON am.member_id = m.id
                 JOIN deployments d ON d.account_id = am.account_id WHERE d.id = $1 LIMIT 1) m
       RETURNING id, nonce, operation_type, created_by, created_by_member_id
     ), payouts AS (
       INSERT INTO payouts (id, deployment_id, queue_operation_id, currency_id, amount, to_address, to_address_hex, nonce,
                            status, created_by, created_by_member_id)
       SELECT gen_random_uuid(), $1, ops.id, (ARRAY[$4, $5, '1'])[1 + floor(random() * 3)::int], 1000, a.hex, a.hex, ops.nonce,
              (ARRAY['CREATED', 'SIGNED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED'])[1 + floor(random() * 6)::int],
              ops.created_by, ops.created_by_member_id
         FROM ops, LATERAL (SELECT '0x' || md5(random()::text) || substr(md5(ops.id::text), 1, 8) AS hex) a
        WHERE ops.operation_type = 'PAYOUT'
     )
     INSERT INTO invoices (id, deployment_id, chain_id, public_id, invoice_nonce, invoice_address, invoice_address_hex,
                           currency_ids, tracking_id, status)
     SELECT gen_random_uuid(), $1, '1', floor(random() * 9e15)::bigint, $2::bigint + i, a.hex, a.hex,
            CASE floor(random() * 3)::int WHEN 0 THEN ARRAY[$4::text] WHEN 1 THEN ARRAY[$5::text] ELSE ARRAY[$4::text, $5::text] END, 'totals-' || gen_random_uuid(),
            (ARRAY['CREATED', 'PAID', 'UNRESOLVED'])[1 + floor(random() * 3)::int]
       FROM generate_series(1, $3::int) AS i,
            LATERAL (SELECT '0x' || md5(random()::text) || substr(md5(i::text), 1, 8) AS hex WHERE i > 0) a`,
    [deploymentId, first, count, USDT, USDC],
  );
}

/** Status changes, soft deletes and deletes of a few random rows of each list. */
export async function changeRows(db: Db, deploymentId: string, kind: number): Promise<void> {
  const random = (table: string, limit: number, where = 'true') =>
    `SELECT id FROM ${table} WHERE deployment_id = $1 AND ${where} ORDER BY random() LIMIT ${limit}`;
  switch (kind % 4) {
    case 0:
      await db.query(
        `UPDATE invoices SET status = (ARRAY['CREATED', 'PAID', 'UNRESOLVED'])[1 + floor(random() * 3)::int]
          WHERE id IN (${random('invoices', 1)})`,
        [deploymentId],
      );
      break;
    case 1:
      await db.query(
        `UPDATE payouts SET status = (ARRAY['SIGNED', 'EXECUTED', 'CANCELED'])[1 + floor(random() * 3)::int],
                            currency_id = (ARRAY[$2, $3])[1 + floor(random() * 2)::int]
          WHERE id IN (${random('payouts', 1)})`,
        [deploymentId, USDT, USDC],
      );
      break;
    case 2:
      // Cancelling deletes some (ck_queue_operations_deleted); restoring one brings it back.
      await db.query(
        `UPDATE queue_operations SET status = 'CANCELLED', deleted_at = now() WHERE id IN (${random('queue_operations', 1, 'deleted_at IS NULL')})`,
        [deploymentId],
      );
      await db.query(
        `UPDATE queue_operations SET deleted_at = NULL WHERE id IN (${random('queue_operations', 1, 'deleted_at IS NOT NULL')})`,
        [deploymentId],
      );
      break;
    default:
      await db.query(`DELETE FROM invoices WHERE id IN (${random('invoices', 1)})`, [deploymentId]);
      await db.query(
        `WITH gone AS (DELETE FROM payouts WHERE id IN (${random('payouts', 1)}) RETURNING queue_operation_id)
         DELETE FROM queue_operations WHERE id IN (SELECT queue_operation_id FROM gone)`,
        [deploymentId],
      );
  }
}

/** Each list's rollup next to the same buckets counted from its rows, for `deploymentId`. */
export async function listBuckets(db: Db, deploymentId: string): Promise<{ rollup: unknown[]; counted: unknown[] }> {
  const rollups = [
    ['invoices', 'invoice_totals', 'status', 'true'],
    ['payouts', 'payout_totals', 'status, currency_id', 'true'],
    ['queue_operations', 'queue_operation_totals', 'operation_type', 'deleted_at IS NULL'],
  ];
  const rollup: unknown[] = [];
  const counted: unknown[] = [];
  for (const [table, totals, key, where] of rollups) {
    rollup.push(
      ...(await db.query(
        `SELECT '${table}' AS list, ${key}, n::int FROM ${totals} WHERE deployment_id = $1 AND n <> 0 ORDER BY ${key}`,
        [deploymentId],
      )),
    );
    counted.push(
      ...(await db.query(
        `SELECT '${table}' AS list, ${key}, count(*)::int AS n FROM ${table}
          WHERE deployment_id = $1 AND ${where} GROUP BY ${key} ORDER BY ${key}`,
        [deploymentId],
      )),
    );
  }
  return { rollup, counted };
}

/**
 * The invoices' and payouts' period counts (migration ListPeriodCounts) next to the same buckets
 * counted from the rows: each row once in its UTC month and once in its UTC day.
 */
export async function periodBuckets(db: Db, deploymentId: string): Promise<{ rollup: unknown[]; counted: unknown[] }> {
  const rollup: unknown[] = [];
  const counted: unknown[] = [];
  const periods = [
    ['invoices', 'invoice_period_counts', 'status, currency_ids'],
    ['payouts', 'payout_period_counts', 'status, currency_id'],
  ];
  for (const [table, counts, key] of periods) {
    rollup.push(
      ...(await db.query(
        `SELECT '${counts}' AS list, period, period_start::text AS start, ${key}, n::int FROM ${counts}
          WHERE deployment_id = $1 AND n <> 0 ORDER BY period, start, ${key}`,
        [deploymentId],
      )),
    );
    counted.push(
      ...(await db.query(
        `SELECT '${counts}' AS list, p.period, p.start, ${key}, count(*)::int AS n
           FROM ${table} r CROSS JOIN LATERAL (VALUES
                ('month', date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date::text),
                ('day', (r.created_at AT TIME ZONE 'UTC')::date::text)) AS p (period, start)
          WHERE deployment_id = $1 GROUP BY p.period, p.start, ${key} ORDER BY p.period, p.start, ${key}`,
        [deploymentId],
      )),
    );
  }
  return { rollup, counted };
}
