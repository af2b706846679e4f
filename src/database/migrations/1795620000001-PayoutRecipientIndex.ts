import { MigrationInterface, QueryRunner } from 'typeorm';
import { buildConcurrently, indexNameOf } from '../concurrent-indexes';

/**
 * Known payees of an account include the recipients of its earlier payouts: the payout policy and
 * the operation review look a recipient up there (equal, or a look-alike sharing its first 3 and
 * last 4 hex digits: `LIKE '0xabc%def0'`, which needs text_pattern_ops). Built concurrently
 * outside a transaction, like SubstringGramIndexes (see concurrent-indexes).
 */
const INDEXES = [
  `CREATE INDEX CONCURRENTLY IF NOT EXISTS ix_payouts_deployment_to_address_hex ON payouts (deployment_id, to_address_hex text_pattern_ops)`,
];

export class PayoutRecipientIndex1795620000001 implements MigrationInterface {
  name = 'PayoutRecipientIndex1795620000001';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    await buildConcurrently(q, INDEXES);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const statement of INDEXES) await q.query(`DROP INDEX IF EXISTS ${indexNameOf(statement)}`);
  }
}
