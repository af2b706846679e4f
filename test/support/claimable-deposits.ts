import type { DataSource } from 'typeorm';
import { USDC, USDT } from './list-rows';

type Db = Pick<DataSource, 'query'>;

/**
 * `count` invoice deposits of the deployment's invoices (the first `invoices` of them, so groups
 * are shared and hot), in USDT or USDC, of random status, claimed flag and time: one statement, as
 * a backfill would write them.
 */
export async function insertDeposits(db: Db, deploymentId: string, count: number, invoices = 8): Promise<void> {
  await db.query(
    `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                               operation_type, operation_id, invoice_id, is_claimed, created_at, updated_at)
     SELECT gen_random_uuid(), $1, '1', 'claimable:' || gen_random_uuid(), 'IN', s.status,
            '0x' || md5(random()::text) || md5(random()::text), s.currency, 1 + floor(random() * 1e6),
            'invoice', i.id, i.id, random() < 0.2, s.ts, s.ts
       FROM generate_series(1, $2::int) AS n,
            LATERAL (SELECT (ARRAY['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'])[1 + floor(random() * 4)::int] AS status,
                            (ARRAY[$4, $5])[1 + floor(random() * 2)::int] AS currency,
                            timestamptz '2026-03-01' + random() * interval '90 days' AS ts,
                            floor(random() * $3)::int AS pick
                      WHERE n > 0) s,
            LATERAL (SELECT id FROM invoices WHERE deployment_id = $1 ORDER BY invoice_nonce OFFSET s.pick LIMIT 1) i`,
    [deploymentId, count, invoices, USDT, USDC],
  );
}

/**
 * A change to a few random deposits of the deployment, by `kind`: one of those a claim, the
 * intake, a reorg or a backfill makes, and one (confirmations) that changes no group.
 */
export async function changeDeposits(db: Db, deploymentId: string, kind: number): Promise<void> {
  const some = (limit: number) =>
    `id IN (SELECT id FROM transactions WHERE deployment_id = $1 AND operation_type = 'invoice' ORDER BY random() LIMIT ${limit})`;
  const changes = [
    `UPDATE transactions SET is_claimed = NOT is_claimed WHERE ${some(2)}`,
    `UPDATE transactions SET status = (ARRAY['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'])[1 + floor(random() * 4)::int] WHERE ${some(2)}`,
    `UPDATE transactions SET created_at = created_at + (random() - 0.5) * interval '30 days' WHERE ${some(2)}`,
    `UPDATE transactions SET amount = amount + 5, confirmations = confirmations + 1 WHERE ${some(1)}`,
    `UPDATE transactions SET confirmations = confirmations + 1 WHERE ${some(3)}`,
    `DELETE FROM transactions WHERE ${some(1)}`,
  ];
  await db.query(changes[kind % changes.length], [deploymentId]);
}

/**
 * The statuses a claimable deposit has: CONFIRMED today; `MINED_STATUSES` under ClaimableGroups,
 * before deposits counted only once confirmed.
 */
export const CLAIMABLE_STATUSES = ['CONFIRMED'];
export const MINED_STATUSES = ['EXECUTED', 'CONFIRMED'];

/** The deployment's claimable groups as the rollup holds them, and as its deposits make them. */
export async function claimableGroups(
  db: Db,
  deploymentId: string,
  statuses: readonly string[] = CLAIMABLE_STATUSES,
): Promise<{ rollup: unknown[]; grouped: unknown[] }> {
  const columns = `invoice_id, currency_id, first_at, last_at, amount::text, transactions::int`;
  const rollup = (await db.query(
    `SELECT ${columns} FROM claimable_groups WHERE deployment_id = $1 ORDER BY invoice_id, currency_id`,
    [deploymentId],
  )) as unknown[];
  const grouped = (await db.query(
    `SELECT ${columns} FROM (
       SELECT invoice_id, currency_id, min(created_at) AS first_at, max(created_at) AS last_at, sum(amount) AS amount,
              count(*) AS transactions
         FROM transactions
        WHERE deployment_id = $1 AND operation_type = 'invoice' AND status = ANY($2::text[])
          AND is_claimed = false AND invoice_id IS NOT NULL AND currency_id IS NOT NULL
        GROUP BY invoice_id, currency_id) g
      ORDER BY invoice_id, currency_id`,
    [deploymentId, statuses],
  )) as unknown[];
  return { rollup, grouped };
}
