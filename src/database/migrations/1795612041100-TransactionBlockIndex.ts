import { MigrationInterface, QueryRunner } from 'typeorm';
import { buildConcurrently, indexNameOf } from '../concurrent-indexes';

const INDEXES: readonly string[] = [
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_transactions_deployment_block ON transactions (deployment_id, block_number)`,
];

/**
 * Reconciliation compares the chain at one block with the ledger up to that block: the ledger is
 * today's balance less what the few rows above that block moved, and this index finds those rows
 * without reading the deployment's history. Built concurrently, outside a transaction, as
 * `SubstringFilterIndexes` explains.
 */
export class TransactionBlockIndex1795612041100 implements MigrationInterface {
  name = 'TransactionBlockIndex1795612041100';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await buildConcurrently(q, INDEXES);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const statement of [...INDEXES].reverse()) await q.query(`DROP INDEX IF EXISTS ${indexNameOf(statement)}`);
  }
}
