import type { DataSource } from 'typeorm';

/** Rows fetched per round trip: small enough that a batch costs little memory, large enough to keep the wire busy. */
const BATCH_ROWS = 1000;

/**
 * The rows of one SELECT in batches, from a server-side cursor: memory stays at one batch however
 * many rows match. The cursor lives in a read-only REPEATABLE READ transaction on a connection of
 * its own, so every batch comes from one snapshot (rows written meanwhile neither appear nor shift
 * the order). Stopping early (`break`, `return()`, an error) closes the cursor and frees the
 * connection. `sql` binds `params` like any query.
 */
export async function* cursorBatches<Row>(
  dataSource: DataSource,
  sql: string,
  params: readonly unknown[],
): AsyncGenerator<Row[], void, undefined> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  let open = false;
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    await runner.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, [...params]);
    for (;;) {
      const rows = (await runner.query(`FETCH ${BATCH_ROWS} FROM export_rows`)) as Row[];
      if (rows.length > 0) yield rows;
      if (rows.length < BATCH_ROWS) break;
    }
    open = false;
    await runner.query('COMMIT');
  } finally {
    // A read-only transaction has nothing to keep: rolling back is closing it. A connection that
    // already broke cannot roll back; releasing it is all that is left.
    if (open) await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}
