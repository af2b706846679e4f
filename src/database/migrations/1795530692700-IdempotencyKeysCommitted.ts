import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys follow the write's own transaction: a row is written only together with the
 * write and its response, so every row is a completed one, and "in progress" is a lock held by the
 * running request's database session instead of a row. The status column goes, and with it the
 * IN_PROGRESS rows that requests cut off by a crash or a lost database left behind (their writes
 * never committed, so the keys are free).
 */
export class IdempotencyKeysCommitted1795530692700 implements MigrationInterface {
  name = 'IdempotencyKeysCommitted1795530692700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_keys WHERE status <> 'COMPLETED'`);
    await q.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT ck_idempotency_keys_completed`);
    await q.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT ck_idempotency_keys_status`);
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN status`);
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_status SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN response_status DROP NOT NULL`);
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN status text NOT NULL DEFAULT 'COMPLETED'`);
    await q.query(`ALTER TABLE idempotency_keys ALTER COLUMN status DROP DEFAULT`);
    await q.query(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT ck_idempotency_keys_status CHECK (status IN ('IN_PROGRESS', 'COMPLETED'))`,
    );
    await q.query(
      `ALTER TABLE idempotency_keys ADD CONSTRAINT ck_idempotency_keys_completed CHECK (status = 'IN_PROGRESS' OR response_status IS NOT NULL)`,
    );
  }
}
