import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Approver notifications (docs/notifications.md).
 *
 * - `notification_settings`: one row per member and account; the Slack webhook URL is stored
 *   encrypted (the callbacks' secret cipher), with its scheme and host kept apart for display.
 * - `notifications`: the outbox, written in the transaction that caused the message and delivered
 *   by the worker with the callbacks' retry schedule. `dedupe_key` makes the reminder and the
 *   digest idempotent per period (a second writer of the same period inserts nothing).
 * - `notification_waits`: what awaits each member (a signature, or an execution for operators),
 *   kept in step with the queue; the reminder and the digest read it.
 * - `notification_digests`: the day each member's digest was written, one row per day.
 */
export class Notifications1795700000000 implements MigrationInterface {
  name = 'Notifications1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_settings (
        account_id uuid NOT NULL,
        member_id uuid NOT NULL,
        email text,
        slack_webhook_ciphertext text,
        slack_webhook_display text,
        telegram_chat_id text,
        events text[] NOT NULL,
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_notification_settings PRIMARY KEY (account_id, member_id),
        CONSTRAINT fk_notification_settings_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_notification_settings_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE,
        CONSTRAINT ck_notification_settings_slack CHECK ((slack_webhook_ciphertext IS NULL) = (slack_webhook_display IS NULL))
      )`);
    await q.query(`CREATE INDEX ix_notification_settings_member ON notification_settings (member_id)`);

    await q.query(`
      CREATE TABLE notifications (
        id uuid NOT NULL,
        account_id uuid NOT NULL,
        member_id uuid NOT NULL,
        event text NOT NULL,
        channel text NOT NULL,
        operation_id uuid,
        destination text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        dedupe_key text,
        status text NOT NULL DEFAULT 'CREATED',
        attempt integer NOT NULL DEFAULT 0,
        schedule_step integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3),
        last_error text,
        sent_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_notifications PRIMARY KEY (id),
        CONSTRAINT fk_notifications_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_notifications_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE,
        CONSTRAINT uq_notifications_dedupe_key UNIQUE (dedupe_key),
        CONSTRAINT ck_notifications_event CHECK (event IN ('SIGNATURE_NEEDED', 'SIGNATURE_REMINDER', 'READY_TO_EXECUTE', 'EXECUTED', 'FAILED', 'DAILY_DIGEST')),
        CONSTRAINT ck_notifications_channel CHECK (channel IN ('email', 'slack', 'telegram')),
        CONSTRAINT ck_notifications_status CHECK (status IN ('CREATED', 'RETRY', 'SENT', 'FAILED')),
        CONSTRAINT ck_notifications_due CHECK (status IN ('SENT', 'FAILED') OR next_attempt_at IS NOT NULL)
      )`);
    await q.query(
      `CREATE INDEX ix_notifications_due ON notifications (next_attempt_at) WHERE status IN ('CREATED', 'RETRY')`,
    );
    await q.query(`CREATE INDEX ix_notifications_account ON notifications (account_id)`);
    await q.query(`CREATE INDEX ix_notifications_member ON notifications (member_id)`);

    await q.query(`
      CREATE TABLE notification_waits (
        operation_id uuid NOT NULL,
        member_id uuid NOT NULL,
        account_id uuid NOT NULL,
        kind text NOT NULL,
        summary text NOT NULL,
        link text NOT NULL,
        since timestamptz(3) NOT NULL,
        reminded_at timestamptz(3),
        CONSTRAINT pk_notification_waits PRIMARY KEY (operation_id, member_id),
        CONSTRAINT fk_notification_waits_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_notification_waits_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE,
        CONSTRAINT ck_notification_waits_kind CHECK (kind IN ('SIGN', 'EXECUTE'))
      )`);
    await q.query(`CREATE INDEX ix_notification_waits_remind ON notification_waits (since) WHERE reminded_at IS NULL`);
    await q.query(`CREATE INDEX ix_notification_waits_member ON notification_waits (member_id, account_id)`);
    await q.query(`CREATE INDEX ix_notification_waits_account ON notification_waits (account_id)`);

    await q.query(`
      CREATE TABLE notification_digests (
        account_id uuid NOT NULL,
        member_id uuid NOT NULL,
        day date NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_notification_digests PRIMARY KEY (account_id, member_id, day),
        CONSTRAINT fk_notification_digests_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_notification_digests_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_notification_digests_member ON notification_digests (member_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_digests`);
    await q.query(`DROP TABLE notification_waits`);
    await q.query(`DROP TABLE notifications`);
    await q.query(`DROP TABLE notification_settings`);
  }
}
