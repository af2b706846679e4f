import type { Pool } from 'pg';
import { DataSource, QueryFailedError, QueryRunner } from 'typeorm';

/**
 * TypeORM's data source, with one shortcut: a statement run outside a transaction (`query(sql,
 * params)` with no query runner) runs on a connection taken from the driver's pool and given back.
 * TypeORM would also create a query runner around it, broadcast before and after, build a
 * QueryResult and tear the runner down: about 15% of the CPU time of a request that reads one row
 * (the transaction detail endpoint, `npm run bench`). The answer is the same as TypeORM's: the
 * rows, or `[rows, affected]` for UPDATE and DELETE, and a QueryFailedError around a driver error.
 *
 * Anything else keeps TypeORM's path: statements inside a transaction (a query runner is passed),
 * statements without parameters (the simple protocol may carry several, whose results TypeORM
 * shapes its own way), and a data source that is not initialized (TypeORM's own error).
 */
export class PooledDataSource extends DataSource {
  override async query<T = unknown>(query: string, parameters?: unknown[], queryRunner?: QueryRunner): Promise<T> {
    if (queryRunner !== undefined || parameters === undefined || parameters.length === 0 || !this.isInitialized) {
      return super.query<T>(query, parameters, queryRunner);
    }
    const client = await (this.driver as unknown as { master: Pool }).master.connect();
    // The connection goes back to the pool unless it failed: it reported an error while checked out
    // (TypeORM's runner drops it then too), or its statement failed other than by PostgreSQL
    // refusing it. A refusal (severity ERROR: a unique violation, a statement timeout) leaves the
    // session usable. A terminated session is FATAL and its socket's end arrives only later, so
    // TypeORM would give that connection back and fail the next statement on it too.
    let broken: Error | undefined;
    const onError = (error: Error): void => {
      broken = error;
    };
    client.on('error', onError);
    try {
      const result = await client.query(query, parameters);
      return (
        result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows
      ) as T;
    } catch (error) {
      if ((error as { severity?: unknown }).severity !== 'ERROR') broken ??= error as Error;
      throw new QueryFailedError(query, parameters, error as Error);
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
}
