import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Callbacks delivered in order per resource, and queue notifications.
 *
 * - `callbacks.seq` is the order in which callbacks were written. Changes to one resource (an
 *   invoice, a payout, a queue operation) take that resource's row lock, so their callbacks get
 *   increasing `seq` in the order the changes committed. The worker delivers only the lowest `seq`
 *   still undelivered of each `operation_id`: a later callback waits while an earlier one retries.
 *   Rows written before this migration are numbered by (created_at, id).
 * - `ix_callbacks_pending_operation` answers "is an earlier callback of this resource still
 *   undelivered?" from pending rows only, so the check stays cheap however long the log grows.
 * - Queue operations are a third kind of resource (`queue_operation`).
 * - `account_callback_settings` holds the account-wide URL queue notifications go to.
 */
export class CallbackOrderAndSettings1795530539886 implements MigrationInterface {
  name = 'CallbackOrderAndSettings1795530539886';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE callbacks ADD COLUMN seq bigint`);
    await q.query(`
      UPDATE callbacks c SET seq = o.n
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM callbacks) o
       WHERE o.id = c.id`);
    await q.query(`ALTER TABLE callbacks ALTER COLUMN seq SET NOT NULL`);
    await q.query(`ALTER TABLE callbacks ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY`);
    await q.query(
      `SELECT setval(pg_get_serial_sequence('callbacks', 'seq'), coalesce(max(seq), 0) + 1, false) FROM callbacks`,
    );
    await q.query(
      `CREATE INDEX ix_callbacks_pending_operation ON callbacks (operation_id, seq) WHERE status IN ('CREATED', 'RETRY')`,
    );
    await q.query(`ALTER TABLE callbacks DROP CONSTRAINT ck_callbacks_operation_type`);
    await q.query(`
      ALTER TABLE callbacks ADD CONSTRAINT ck_callbacks_operation_type
        CHECK (operation_type IN ('invoice', 'payout', 'queue_operation'))`);

    await q.query(`
      CREATE TABLE account_callback_settings (
        account_id uuid NOT NULL,
        operations_callback_url text,
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_account_callback_settings PRIMARY KEY (account_id),
        CONSTRAINT fk_account_callback_settings_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT ck_account_callback_settings_url CHECK (length(operations_callback_url) <= 2048)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_callback_settings`);
    await q.query(`DELETE FROM callbacks WHERE operation_type = 'queue_operation'`);
    await q.query(`ALTER TABLE callbacks DROP CONSTRAINT ck_callbacks_operation_type`);
    await q.query(
      `ALTER TABLE callbacks ADD CONSTRAINT ck_callbacks_operation_type CHECK (operation_type IN ('invoice', 'payout'))`,
    );
    await q.query(`DROP INDEX ix_callbacks_pending_operation`);
    await q.query(`ALTER TABLE callbacks DROP COLUMN seq`);
  }
}
