import { MigrationInterface, QueryRunner } from 'typeorm';
import { buildConcurrently, indexNameOf } from '../concurrent-indexes';

/** Each list's substring filters, lower-cased as the repositories test them, on a gram GIN index; and a transaction type and status index. */
const INDEXES: readonly string[] = [
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_transactions_id_grams ON transactions USING gin (substring_grams(id::text))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_transactions_tx_hash_grams ON transactions USING gin (substring_grams(lower(tx_hash)))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_invoices_id_grams ON invoices USING gin (substring_grams(id::text))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_invoices_tracking_id_grams ON invoices USING gin (substring_grams(lower(tracking_id)))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_id_grams ON payouts USING gin (substring_grams(id::text))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_tracking_id_grams ON payouts USING gin (substring_grams(lower(tracking_id)))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_created_by_grams ON payouts USING gin (substring_grams(lower(created_by)))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_to_address_grams ON payouts USING gin (substring_grams(lower(to_address)))`,
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_queue_operations_created_by_grams ON queue_operations USING gin (substring_grams(lower(created_by)))`,
  // A short text matches a large share of the hashes, so beside a rare type and status the rows of
  // that type and status are the ones to read: the covering indexes only carry them, in time order.
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_transactions_deployment_type_status ON transactions (deployment_id, operation_type, status)`,
];

/**
 * A substring filter of one or two characters has no trigram, so the trigram indexes cannot answer
 * it and the list scanned the tenant's rows (1-1.5 s at a million transactions). `substring_grams`
 * is a value's characters and its pairs of adjacent characters; a GIN index on it answers "contains
 * this one- or two-character text" (`@> ARRAY[…]`) from one posting list. The pairs are cut by two
 * regexp passes (even and odd offsets) joined on a separator (U+0001) the repositories never ask
 * for: a value holding it only adds pieces of itself, which are substrings too. Duplicates stay in
 * the array (GIN keeps each key once per row).
 *
 * Built concurrently outside a transaction, like SubstringFilterIndexes (see concurrent-indexes).
 */
export class SubstringGramIndexes1795540967177 implements MigrationInterface {
  name = 'SubstringGramIndexes1795540967177';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION substring_grams(value text) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT array_remove(
                 regexp_split_to_array(value, '')
                 || string_to_array(regexp_replace(value, '(..)', E'\\\\1\\x01', 'g'), E'\\x01')
                 || string_to_array(regexp_replace(substr(value, 2), '(..)', E'\\\\1\\x01', 'g'), E'\\x01'),
                 '')
      $$`);
    await buildConcurrently(q, INDEXES);
  }

  async down(q: QueryRunner): Promise<void> {
    // Plain DROP INDEX: TypeORM runs every `down` inside a transaction.
    for (const statement of [...INDEXES].reverse()) await q.query(`DROP INDEX IF EXISTS ${indexNameOf(statement)}`);
    await q.query(`DROP FUNCTION IF EXISTS substring_grams(text)`);
  }
}
