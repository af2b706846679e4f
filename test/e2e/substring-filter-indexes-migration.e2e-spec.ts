import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { insertRows } from '../support/list-rows';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

/** A migration that builds indexes concurrently: its stamp and its indexes' names, in name order. */
interface ConcurrentIndexMigration {
  name: string;
  stamp: number;
  suffix: string;
  indexes: string[];
  /** The index the test leaves invalid, as a crashed concurrent build would. */
  interrupted: string;
}

const MIGRATIONS: ConcurrentIndexMigration[] = [
  {
    name: 'SubstringFilterIndexes',
    stamp: 1795533077876,
    suffix: 'trgm',
    indexes: [
      'ix_invoices_id_trgm',
      'ix_invoices_tracking_id_trgm',
      'ix_payouts_created_by_trgm',
      'ix_payouts_id_trgm',
      'ix_payouts_to_address_trgm',
      'ix_payouts_tracking_id_trgm',
      'ix_queue_operations_created_by_trgm',
      'ix_transactions_id_trgm',
      'ix_transactions_tx_hash_trgm',
    ],
    interrupted: 'ix_transactions_tx_hash_trgm',
  },
  {
    name: 'SubstringGramIndexes',
    stamp: 1795540967177,
    suffix: 'grams',
    indexes: [
      'ix_invoices_id_grams',
      'ix_invoices_tracking_id_grams',
      'ix_payouts_created_by_grams',
      'ix_payouts_id_grams',
      'ix_payouts_to_address_grams',
      'ix_payouts_tracking_id_grams',
      'ix_queue_operations_created_by_grams',
      'ix_transactions_deployment_type_status',
      'ix_transactions_id_grams',
      'ix_transactions_tx_hash_grams',
    ],
    interrupted: 'ix_transactions_tx_hash_grams',
  },
];

/**
 * SubstringFilterIndexes (trigrams) and SubstringGramIndexes (one- and two-character grams) build
 * their indexes concurrently, outside a transaction, on an installation's existing rows: a writer
 * inserting while an index is being built is not held up, and every index ends valid. An index an
 * interrupted build left invalid is built again.
 */
describe.each(MIGRATIONS)('migration $name', ({ stamp, suffix, indexes, interrupted }) => {
  const deploymentId = '00000000-0000-4000-8000-0000000000d9';
  const name = `substring_indexes_${suffix}_${Date.now().toString(36)}`;
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;
  /** What happened while the migration ran. */
  const seen = { buildsInProgress: 0, writesDuringBuild: 0, slowestWriteMs: 0, pid: 0 };

  beforeAll(async () => {
    let watching: Promise<void> | undefined;
    let stop = false;
    migrated = await migratedOver(name, stamp, async (before) => {
      await insertExistingDeployment(before, {
        account: '00000000-0000-4000-8000-0000000000a9',
        member: '00000000-0000-4000-8000-0000000000b9',
        deployment: deploymentId,
      });
      await insertRows(before, deploymentId, 200);
      // Enough rows that building the transactions' trigram indexes takes a while.
      for (let from = 1; from <= 80_000; from += 20_000) {
        await before.query(
          `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id, amount,
                                     operation_type, is_claimed)
           SELECT gen_random_uuid(), $1, '1', 'seeded:' || i, 'IN', 'CONFIRMED', '0x' || md5(i::text) || md5(i::text || 'x'),
                  '1', 1, 'direct_deposit', false
             FROM generate_series($2::int, $2::int + 19999) AS i`,
          [deploymentId, from],
        );
      }
      // A writer on a connection of its own: while an index of the migration is being built, it
      // inserts transactions, each with a lock timeout a blocking build would run into.
      const url = (before.options as { url: string }).url;
      const writer = new Client({ connectionString: url });
      await writer.connect();
      await writer.query(`SET lock_timeout = '2s'`);
      let i = 0;
      watching = (async () => {
        try {
          while (!stop) {
            const { rows } = (await writer.query(
              `SELECT count(*)::int AS n FROM pg_stat_progress_create_index p JOIN pg_class c ON c.oid = p.index_relid
                WHERE c.relname = ANY($1)`,
              [indexes],
            )) as { rows: { n: number }[] };
            if (rows[0].n > 0) {
              seen.buildsInProgress += 1;
              const started = Date.now();
              i += 1;
              await writer.query(
                `INSERT INTO transactions (id, deployment_id, chain_id, source_key, direction, status, tx_hash, currency_id,
                                           amount, operation_type, is_claimed)
                 VALUES (gen_random_uuid(), $1, '1', 'during:' || $2, 'IN', 'CONFIRMED', '0x' || md5($2), '1', 1, 'direct_deposit', false)`,
                [deploymentId, String(i)],
              );
              seen.slowestWriteMs = Math.max(seen.slowestWriteMs, Date.now() - started);
              // Still building after the write returned: the write went through during the build.
              const { rows: still } = (await writer.query(
                `SELECT count(*)::int AS n FROM pg_stat_progress_create_index p JOIN pg_class c ON c.oid = p.index_relid
                  WHERE c.relname = ANY($1)`,
                [indexes],
              )) as { rows: { n: number }[] };
              if (still[0].n > 0) seen.writesDuringBuild += 1;
            }
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        } finally {
          await writer.end();
        }
      })();
    });
    stop = true;
    await watching;
    db = migrated.db;
  }, 600_000);

  afterAll(async () => {
    await migrated?.drop();
  });

  it('builds every index valid, with the pg_trgm extension', async () => {
    const rows = (await db.query(
      `SELECT c.relname AS name, i.indisvalid AS valid, i.indisready AS ready FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ANY($1) ORDER BY c.relname`,
      [indexes],
    )) as { name: string; valid: boolean; ready: boolean }[];
    expect(rows).toEqual(indexes.map((index) => ({ name: index, valid: true, ready: true })));
    const extensions = (await db.query(`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`)) as unknown[];
    expect(extensions).toHaveLength(1);
  });

  it('lets writers insert while an index is being built', () => {
    expect(seen.buildsInProgress).toBeGreaterThan(0);
    expect(seen.writesDuringBuild).toBeGreaterThan(0);
    // Each write took less than the lock timeout (it would have failed otherwise).
    expect(seen.slowestWriteMs).toBeLessThan(2000);
  });

  it('goes down and up again, and rebuilds an index an interrupted build left invalid', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const gone = (await db.query(`SELECT relname FROM pg_class WHERE relname = ANY($1)`, [indexes])) as unknown[];
    expect(gone).toEqual([]);
    await db.runMigrations({ transaction: 'each' });
    // What a crashed CREATE INDEX CONCURRENTLY leaves: the index, marked invalid, and the migration
    // not recorded as applied.
    await db.query(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = $1::regclass`, [interrupted]);
    await db.query(`DELETE FROM schema_migrations WHERE timestamp = $1`, [stamp]);
    await db.runMigrations({ transaction: 'each' });
    const rows = (await db.query(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = ANY($1) ORDER BY c.relname`,
      [indexes],
    )) as { name: string; valid: boolean }[];
    expect(rows).toEqual(indexes.map((index) => ({ name: index, valid: true })));
  });
});
