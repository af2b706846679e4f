import type { DataSource } from 'typeorm';

const AMOUNT_BUCKET = 'currency_id, status, operation_type, direction, is_claimed';

/**
 * The non-zero buckets of a deployment's `transaction_amounts` rollup (the balances' source), and
 * the same sums taken from its rows: they must always be equal.
 */
export async function amountBuckets(
  db: Pick<DataSource, 'query'>,
  deploymentId: string,
): Promise<{ rollup: unknown[]; summed: unknown[] }> {
  const rollup = (await db.query(
    `SELECT ${AMOUNT_BUCKET}, amount::text FROM transaction_amounts
      WHERE deployment_id = $1 AND amount <> 0 ORDER BY ${AMOUNT_BUCKET}`,
    [deploymentId],
  )) as unknown[];
  const summed = (await db.query(
    `SELECT ${AMOUNT_BUCKET}, sum(amount)::text AS amount FROM transactions
      WHERE deployment_id = $1 AND currency_id IS NOT NULL
      GROUP BY ${AMOUNT_BUCKET} HAVING sum(amount) <> 0 ORDER BY ${AMOUNT_BUCKET}`,
    [deploymentId],
  )) as unknown[];
  return { rollup, summed };
}
