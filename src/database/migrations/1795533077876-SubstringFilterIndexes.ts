import { MigrationInterface, QueryRunner } from 'typeorm';
import { buildConcurrently, indexNameOf } from '../concurrent-indexes';

/** Each list's substring filters, as the repositories spell them, on a trigram GIN index. */
const INDEXES: readonly string[] = [
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_transactions_id_trgm ON transactions USING gin ((id::text) gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_transactions_tx_hash_trgm ON transactions USING gin (lower(tx_hash) gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_invoices_id_trgm ON invoices USING gin ((id::text) gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_invoices_tracking_id_trgm ON invoices USING gin (tracking_id gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_id_trgm ON payouts USING gin ((id::text) gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_tracking_id_trgm ON payouts USING gin (tracking_id gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_created_by_trgm ON payouts USING gin (created_by gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_to_address_trgm ON payouts USING gin (to_address gin_trgm_ops)`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_queue_operations_created_by_trgm ON queue_operations USING gin (created_by gin_trgm_ops)`,
];

/**
 * The lists' case-insensitive substring filters (`id`, `txHash`, `trackingId`, `createdBy`,
 * `toAddress`) scanned every row of the deployment: a trigram index answers `ILIKE '%…%'` (and
 * `LIKE` on a lower-cased column) with the few rows holding the text's trigrams.
 *
 * Built with CREATE INDEX CONCURRENTLY, which PostgreSQL refuses inside a transaction, so this
 * migration runs outside one (`transaction = false`): writers keep writing while each index is
 * built, however large the table. A build cut short (a crash, a timeout) leaves an invalid index
 * behind; a rerun drops it and builds it again. The pool's statement timeout is lifted for the
 * builds, which may take minutes on a large installation.
 */
export class SubstringFilterIndexes1795533077876 implements MigrationInterface {
  name = 'SubstringFilterIndexes1795533077876';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await buildConcurrently(q, INDEXES);
  }

  async down(q: QueryRunner): Promise<void> {
    // Plain DROP INDEX: TypeORM runs every `down` inside a transaction.
    for (const statement of [...INDEXES].reverse()) await q.query(`DROP INDEX IF EXISTS ${indexNameOf(statement)}`);
    // The extension stays: another schema object may have come to use it since.
  }
}
