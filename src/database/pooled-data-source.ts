import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'pg';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and the same work, run
 * again, may well succeed: deadlock_detected and serialization_failure.
 */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
/** Attempts in all, the first included; the pause before attempt n is a random 0-10·n ms. */
export const TRANSACTION_ATTEMPTS = 4;

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
 *
 * And one addition: a transaction that PostgreSQL chose as a deadlock's victim, or refused for a
 * serialization failure, runs again from the start (up to TRANSACTION_ATTEMPTS in all), and so
 * does a statement outside a transaction. Both were rolled back whole, so nothing of the failed
 * attempt remains; every `transaction` callback here touches only the database through its
 * manager, so running it again is safe. The statement-level triggers that keep the rollups lock
 * shared rows, so two requests on one deployment can meet in a deadlock the app's own lock order
 * does not rule out; the client would otherwise get a 500 for a request that can simply be redone.
 */
export class PooledDataSource extends DataSource {
  override transaction<T>(run: (manager: EntityManager) => Promise<T>): Promise<T>;
  override transaction<T>(isolation: IsolationLevel, run: (manager: EntityManager) => Promise<T>): Promise<T>;
  override transaction<T>(
    first: IsolationLevel | ((manager: EntityManager) => Promise<T>),
    second?: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return retryingConflicts(() =>
      typeof first === 'function' ? super.transaction(first) : super.transaction(first, second!),
    );
  }

  override query<T = unknown>(query: string, parameters?: unknown[], queryRunner?: QueryRunner): Promise<T> {
    // Inside a transaction a failed statement has aborted it: only the whole transaction may run again.
    if (queryRunner !== undefined) return super.query<T>(query, parameters, queryRunner);
    if (parameters === undefined || parameters.length === 0 || !this.isInitialized) {
      return retryingConflicts(() => super.query<T>(query, parameters));
    }
    return retryingConflicts(() => this.queryOnPool<T>(query, parameters));
  }

  private async queryOnPool<T>(query: string, parameters: unknown[]): Promise<T> {
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

/** `run`, run again after a retryable conflict; on the way that succeeds, one `catch` more and no pause. */
function retryingConflicts<T>(run: () => Promise<T>, attempt = 1): Promise<T> {
  return run().catch(async (error: unknown) => {
    if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
    // A random pause, so the two sides of a deadlock do not meet again in step.
    await sleep(Math.random() * 10 * attempt);
    return retryingConflicts(run, attempt + 1);
  });
}

function isRetryableConflict(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}
