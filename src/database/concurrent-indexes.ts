import { QueryRunner } from 'typeorm';

/*
 * For migrations that build indexes with CREATE INDEX CONCURRENTLY (which PostgreSQL refuses inside
 * a transaction, so they run with `transaction = false`): writers keep writing while an index is
 * built, however large the table.
 */

/** The index a `CREATE INDEX CONCURRENTLY IF NOT EXISTS name ON …` statement creates. */
export function indexNameOf(statement: string): string {
  return /IF NOT EXISTS (\w+) ON/.exec(statement)?.[1] as string;
}

/**
 * Runs each `CREATE INDEX CONCURRENTLY IF NOT EXISTS` statement. A build cut short (a crash, a
 * timeout) leaves an invalid index behind, which IF NOT EXISTS would keep: it is dropped and built
 * again. The pool's statement timeout is lifted for the builds, which may take minutes on a large
 * installation.
 */
export async function buildConcurrently(q: QueryRunner, statements: readonly string[]): Promise<void> {
  await withoutStatementTimeout(q, async () => {
    for (const statement of statements) {
      await dropIfInvalid(q, indexNameOf(statement));
      await q.query(statement);
    }
  });
}

/** Drops `name` when an interrupted concurrent build left it invalid. */
async function dropIfInvalid(q: QueryRunner, name: string): Promise<void> {
  const rows = (await q.query(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
    [name],
  )) as { valid: boolean }[];
  if (rows.length > 0 && !rows[0].valid) await q.query(`DROP INDEX CONCURRENTLY ${name}`);
}

async function withoutStatementTimeout(q: QueryRunner, work: () => Promise<void>): Promise<void> {
  const [{ statement_timeout: before }] = (await q.query(`SHOW statement_timeout`)) as { statement_timeout: string }[];
  await q.query(`SET statement_timeout = 0`);
  try {
    await work();
  } finally {
    await q.query(`SELECT set_config('statement_timeout', $1, false)`, [before]);
  }
}
