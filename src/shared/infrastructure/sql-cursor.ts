import { Client, type Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { PooledDataSource } from '../../database/pooled-data-source';
import { currentRequestWork } from '../logging/request-context';

/** Rows fetched per round trip: small enough that a batch costs little memory, large enough to keep the wire busy. */
const BATCH_ROWS = 1000;

/** How an export's own sessions show in `pg_stat_activity`. */
export const EXPORT_APPLICATION_NAME = 'deployments-api export';

/**
 * The rows of one SELECT in batches, from a server-side cursor: memory stays at one batch however
 * many rows match. The cursor lives in a read-only REPEATABLE READ transaction on a connection of
 * its own, opened for the export and closed after it, never one of the request pool's: however
 * long a reader takes, the pool stays with the other requests (the number of exports is capped by
 * ExportSlots). Every batch comes from one snapshot (rows written meanwhile neither appear nor
 * shift the order). Stopping early (`break`, `return()`, an error) closes the connection.
 * `sql` binds `params` like any query. Each statement's time is the export's own work: it is added
 * to the request's `streamedStatementMs`, which its rate-limit charge counts.
 */
export async function* cursorBatches<Row>(
  dataSource: DataSource,
  sql: string,
  params: readonly unknown[],
): AsyncGenerator<Row[], void, undefined> {
  // A cursor lives in a transaction that lasts as long as the reader: on the session URL, so it never
  // holds one of a transaction pooler's few server connections that long.
  const client = new Client(
    dataSource instanceof PooledDataSource
      ? dataSource.sessionClientConfig(EXPORT_APPLICATION_NAME)
      : {
          ...(dataSource.driver as unknown as { master: Pool & { options: object } }).master.options,
          application_name: EXPORT_APPLICATION_NAME,
        },
  );
  // A failure of the socket between statements surfaces in the next statement; this keeps it from
  // being an unhandled 'error' event meanwhile.
  client.on('error', () => undefined);
  const work = currentRequestWork();
  const timed = async <T>(text: string, values?: unknown[]): Promise<T[]> => {
    const started = performance.now();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      if (work !== undefined) work.streamedStatementMs += performance.now() - started;
    }
  };
  await client.connect();
  try {
    await timed('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await timed(`DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, [...params]);
    for (;;) {
      const rows = await timed<Row>(`FETCH ${BATCH_ROWS} FROM export_rows`);
      if (rows.length > 0) yield rows;
      if (rows.length < BATCH_ROWS) break;
    }
    await timed('COMMIT');
  } finally {
    // Ending the session ends its read-only transaction too: nothing to roll back by hand.
    await client.end().catch(() => undefined);
  }
}
