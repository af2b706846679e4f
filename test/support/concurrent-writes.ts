import type { DataSource } from 'typeorm';

/**
 * Runs `work` again each time PostgreSQL aborts it as a deadlock victim (40P01). A victim's
 * transaction is rolled back whole, so it changed nothing and trying again is safe; tests whose
 * concurrent writers take row and rollup locks in no fixed order use it.
 */
export async function retryingDeadlocks(work: () => Promise<unknown>): Promise<void> {
  for (;;) {
    try {
      await work();
      return;
    } catch (error) {
      if ((error as { driverError?: { code?: string } }).driverError?.code !== '40P01') throw error;
    }
  }
}

/**
 * Four writers call `write(kind, seed)` in turn (kind: the writes so far plus the writer's seed,
 * 1-4), retrying deadlock victims, for `ms`; all that time `check` runs again and again, each time
 * in a REPEATABLE READ snapshot of its own (its argument runs queries in it; `round` counts the
 * checks). Answers how many writes and checks ran, for the caller to assert there were enough.
 */
export async function checkWhileWriting(
  dataSource: DataSource,
  write: (kind: number, seed: number) => Promise<unknown>,
  check: (snapshot: DataSource, round: number) => Promise<void>,
  ms = 4000,
): Promise<{ writes: number; checks: number }> {
  let writing = true;
  let writes = 0;
  const writer = async (seed: number) => {
    while (writing) {
      await retryingDeadlocks(() => write(writes + seed, seed));
      writes += 1;
    }
  };
  const writers = [1, 2, 3, 4].map((seed) => writer(seed));
  let checks = 0;
  const deadline = Date.now() + ms;
  try {
    while (Date.now() < deadline) {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      try {
        await runner.startTransaction('REPEATABLE READ');
        const snapshot = { query: (sql: string, params?: unknown[]) => runner.query(sql, params) };
        await check(snapshot as unknown as DataSource, checks);
        await runner.commitTransaction();
      } finally {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
        await runner.release();
      }
      checks += 1;
    }
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  return { writes, checks };
}
