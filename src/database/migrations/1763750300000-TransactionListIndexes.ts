import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What keeps the transactions list (endpoint 1) fast at a million rows in one deployment with an
 * exact total (measured by `npm run bench`):
 *
 * - One covering index per sort (created_at, updated_at, id), each led by deployment_id and
 *   INCLUDE-ing every column the list filters on. A page is then an index-only scan of ids in
 *   order (cheap even at OFFSET 50 000) joined back to the table for its 10 rows, and a filtered
 *   count never touches the heap.
 * - `transaction_counts`: exact row counts per (deployment, UTC day of created_at, status,
 *   currency, operation type, claimed), kept by statement-level triggers in the same transaction
 *   as every write, so the count is exactly as visible as the rows themselves. A total for the
 *   filters the buckets know sums a few hundred rows instead of counting a million; a created
 *   range sums the whole days inside it and counts only the two partial days at its edges.
 *   Statement-level triggers with transition tables cost one upsert per statement, also for bulk
 *   loads, and work whoever writes (the recorder, a claims handler setting is_claimed, a backfill).
 */
export class TransactionListIndexes1763750300000 implements MigrationInterface {
  name = 'TransactionListIndexes1763750300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transactions_deployment_created`);
    const filtered = 'status, currency_id, is_claimed, operation_type';
    await q.query(
      `CREATE INDEX ix_transactions_deployment_created ON transactions (deployment_id, created_at DESC, id DESC) INCLUDE (${filtered}, updated_at)`,
    );
    await q.query(
      `CREATE INDEX ix_transactions_deployment_updated ON transactions (deployment_id, updated_at DESC, id DESC) INCLUDE (${filtered}, created_at)`,
    );
    await q.query(
      `CREATE INDEX ix_transactions_deployment_id ON transactions (deployment_id, id DESC) INCLUDE (${filtered}, created_at, updated_at)`,
    );

    await q.query(`
      CREATE TABLE transaction_counts (
        deployment_id uuid NOT NULL,
        created_day date NOT NULL,
        status text NOT NULL,
        currency_id text NOT NULL,
        operation_type text NOT NULL,
        is_claimed boolean NOT NULL,
        n bigint NOT NULL,
        CONSTRAINT pk_transaction_counts PRIMARY KEY (deployment_id, created_day, status, currency_id, operation_type, is_claimed),
        CONSTRAINT fk_transaction_counts_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id)
      )`);
    // currency_id is '' for "no currency" so that it can be part of the primary key. No CHECK (n >= 0):
    // PostgreSQL checks the proposed row of an upsert before it detects the conflict, and an update's
    // proposed row carries the (negative) delta for the bucket a row leaves.
    await q.query(`
      CREATE FUNCTION transaction_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await q.query(`CREATE TRIGGER tg_transactions_count_insert AFTER INSERT ON transactions
                   REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_apply()`);
    await q.query(`CREATE TRIGGER tg_transactions_count_update AFTER UPDATE ON transactions
                   REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_apply()`);
    await q.query(`CREATE TRIGGER tg_transactions_count_delete AFTER DELETE ON transactions
                   REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_counts_apply()`);
    // Rows written before this migration.
    await q.query(`
      INSERT INTO transaction_counts
      SELECT deployment_id, (created_at AT TIME ZONE 'UTC')::date, status, coalesce(currency_id, ''), operation_type, is_claimed, count(*)
        FROM transactions GROUP BY 1, 2, 3, 4, 5, 6`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER tg_transactions_count_delete ON transactions`);
    await q.query(`DROP TRIGGER tg_transactions_count_update ON transactions`);
    await q.query(`DROP TRIGGER tg_transactions_count_insert ON transactions`);
    await q.query(`DROP FUNCTION transaction_counts_apply()`);
    await q.query(`DROP TABLE transaction_counts`);
    await q.query(`DROP INDEX ix_transactions_deployment_id`);
    await q.query(`DROP INDEX ix_transactions_deployment_updated`);
    await q.query(`DROP INDEX ix_transactions_deployment_created`);
    await q.query(
      `CREATE INDEX ix_transactions_deployment_created ON transactions (deployment_id, created_at DESC, id DESC)`,
    );
  }
}
