import { MigrationInterface, QueryRunner } from 'typeorm';

/** The bucket key of a row, as `transaction_counts` spells it (currency_id '' for "no currency"). */
const KEY = `deployment_id, status, coalesce(currency_id, '') AS currency_id, operation_type, is_claimed`;
const DAY = `(created_at AT TIME ZONE 'UTC')::date`;

/**
 * One statement's signed deltas by (deployment, day, status, currency, type, claimed), then the
 * three rollups upserted from them in key order (the same lock order for every writer).
 */
function applyDeltas(source: string): string {
  return `
    WITH d AS (
      SELECT deployment_id, created_day, status, currency_id, operation_type, is_claimed, sum(delta) AS n
        FROM (${source}) k
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0
    ), daily AS (
      INSERT INTO transaction_counts AS c
      SELECT deployment_id, created_day, status, currency_id, operation_type, is_claimed, n
        FROM d ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT pk_transaction_counts DO UPDATE SET n = c.n + excluded.n
    ), monthly AS (
      INSERT INTO transaction_monthly_counts AS c
      SELECT deployment_id, date_trunc('month', created_day)::date, status, currency_id, operation_type, is_claimed, sum(n)
        FROM d GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT pk_transaction_monthly_counts DO UPDATE SET n = c.n + excluded.n
    )
    INSERT INTO transaction_totals AS c
    SELECT deployment_id, status, currency_id, operation_type, is_claimed, sum(n)
      FROM d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT pk_transaction_totals DO UPDATE SET n = c.n + excluded.n;`;
}

const OLD = `SELECT ${KEY}, ${DAY} AS created_day, -1 AS delta FROM old_rows`;
const NEW = `SELECT ${KEY}, ${DAY} AS created_day, 1 AS delta FROM new_rows`;

/**
 * Totals in O(1) for the transactions list (measured by `npm run bench`). The daily buckets of
 * `transaction_counts` made the cheapest question the dearest: an unfiltered total summed every
 * day of a deployment's history (21,490 rows at a million transactions). Two more rollups, kept
 * by the same statement-level trigger in the same statement as every write (so a total is exactly
 * as visible as the rows it counts):
 *
 * - `transaction_totals`: per (deployment, status, currency, type, claimed), no time dimension.
 *   The unfiltered list and every filter on those columns sum a few dozen rows.
 * - `transaction_monthly_counts`: the same per UTC calendar month of created_at. A created range
 *   sums its whole months here, the whole days at its edges from `transaction_counts`, and counts
 *   rows only for the partial days at its very ends.
 *
 * The trigger function is replaced in place (the triggers stay), and both tables are filled from
 * `transaction_counts` while writers wait on the table lock, so no write is counted twice or lost.
 */
export class TransactionTotals1763776000000 implements MigrationInterface {
  name = 'TransactionTotals1763776000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE transaction_totals (
        deployment_id uuid NOT NULL,
        status text NOT NULL,
        currency_id text NOT NULL,
        operation_type text NOT NULL,
        is_claimed boolean NOT NULL,
        n bigint NOT NULL,
        CONSTRAINT pk_transaction_totals PRIMARY KEY (deployment_id, status, currency_id, operation_type, is_claimed),
        CONSTRAINT fk_transaction_totals_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id)
      )`);
    await q.query(`
      CREATE TABLE transaction_monthly_counts (
        deployment_id uuid NOT NULL,
        created_month date NOT NULL,
        status text NOT NULL,
        currency_id text NOT NULL,
        operation_type text NOT NULL,
        is_claimed boolean NOT NULL,
        n bigint NOT NULL,
        CONSTRAINT pk_transaction_monthly_counts
          PRIMARY KEY (deployment_id, created_month, status, currency_id, operation_type, is_claimed),
        CONSTRAINT fk_transaction_monthly_counts_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id),
        CONSTRAINT ck_transaction_monthly_counts_month CHECK (created_month = date_trunc('month', created_month)::date)
      )`);
    await q.query(`
      CREATE OR REPLACE FUNCTION transaction_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${applyDeltas(NEW)}
        ELSIF TG_OP = 'DELETE' THEN
          ${applyDeltas(OLD)}
        ELSE
          ${applyDeltas(`${OLD} UNION ALL ${NEW}`)}
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      INSERT INTO transaction_totals
      SELECT deployment_id, status, currency_id, operation_type, is_claimed, sum(n)
        FROM transaction_counts GROUP BY 1, 2, 3, 4, 5`);
    await q.query(`
      INSERT INTO transaction_monthly_counts
      SELECT deployment_id, date_trunc('month', created_day)::date, status, currency_id, operation_type, is_claimed, sum(n)
        FROM transaction_counts GROUP BY 1, 2, 3, 4, 5, 6`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE transactions IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE OR REPLACE FUNCTION transaction_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO transaction_counts AS c
          SELECT deployment_id, (created_at AT TIME ZONE 'UTC')::date, status, coalesce(currency_id, ''), operation_type, is_claimed, count(*)
            FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
          ON CONFLICT ON CONSTRAINT pk_transaction_counts DO UPDATE SET n = c.n + excluded.n;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE transaction_counts c SET n = c.n - d.n
            FROM (SELECT deployment_id, (created_at AT TIME ZONE 'UTC')::date AS created_day, status, coalesce(currency_id, '') AS currency_id,
                         operation_type, is_claimed, count(*) AS n
                    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6) d
           WHERE (c.deployment_id, c.created_day, c.status, c.currency_id, c.operation_type, c.is_claimed)
               = (d.deployment_id, d.created_day, d.status, d.currency_id, d.operation_type, d.is_claimed);
        ELSE
          INSERT INTO transaction_counts AS c
          SELECT k.deployment_id, k.created_day, k.status, k.currency_id, k.operation_type, k.is_claimed, sum(k.delta)
            FROM (SELECT deployment_id, (created_at AT TIME ZONE 'UTC')::date AS created_day, status, coalesce(currency_id, '') AS currency_id,
                         operation_type, is_claimed, -1 AS delta FROM old_rows
                  UNION ALL
                  SELECT deployment_id, (created_at AT TIME ZONE 'UTC')::date, status, coalesce(currency_id, ''),
                         operation_type, is_claimed, 1 FROM new_rows) k
           GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(k.delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
          ON CONFLICT ON CONSTRAINT pk_transaction_counts DO UPDATE SET n = c.n + excluded.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`DROP TABLE transaction_monthly_counts`);
    await q.query(`DROP TABLE transaction_totals`);
  }
}
