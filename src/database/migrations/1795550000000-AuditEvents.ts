import { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS = [
  'SIGNED_IN',
  'MEMBER_ADDED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'API_KEY_CREATED',
  'API_KEY_REVOKED',
  'CREDENTIALS_REGENERATED',
  'ACCOUNT_RENAMED',
  'CALLBACK_SECRET_ROTATED',
  'CALLBACK_SETTINGS_CHANGED',
  'NOTIFICATION_SETTINGS_CHANGED',
  'PAYOUT_POLICY_CHANGED',
  'ADDRESS_BOOK_ENTRY_ADDED',
  'ADDRESS_BOOK_ENTRY_APPROVED',
  'ADDRESS_BOOK_ENTRY_REMOVED',
  'INVOICE_CREATED',
  'INVOICE_UPDATED',
  'PAYOUT_CREATED',
  'PAYOUT_UPDATED',
  'OPERATION_CREATED',
  'OPERATION_SIGNED',
  'OPERATION_NONCE_CHANGED',
  'OPERATION_DELETED',
  'CALLBACKS_RESENT',
];

const REFUSED = [
  ['update', 'UPDATE'],
  ['delete', 'DELETE'],
  ['truncate', 'TRUNCATE'],
] as const;

/**
 * The audit log (docs/audit.md): one row per change to an account, written in the change's own
 * transaction, never changed afterwards.
 *
 * - Append-only by the database itself: statement-level BEFORE triggers raise on UPDATE, DELETE and
 *   TRUNCATE, whoever runs them (the service's role, the table's owner, a superuser), before a row
 *   is touched. They are `ENABLE ALWAYS`, so `session_replication_role = replica` does not skip
 *   them either; only dropping or disabling a trigger (DDL, visible and deliberate) would.
 * - Indexes serve the list: per account by creation (sort and `createdFrom`/`createdTo`), and per
 *   account and action or actor by creation (the `actions` and `actor` filters).
 */
export class AuditEvents1795550000000 implements MigrationInterface {
  name = 'AuditEvents1795550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_events (
        id uuid NOT NULL,
        account_id uuid NOT NULL,
        created_at timestamptz(3) NOT NULL,
        action text NOT NULL,
        actor_address text NOT NULL,
        actor_via text NOT NULL,
        actor_key_id text,
        target_type text NOT NULL,
        target_id text NOT NULL,
        changes jsonb,
        request_id text,
        client_address text,
        CONSTRAINT pk_audit_events PRIMARY KEY (id),
        CONSTRAINT fk_audit_events_account FOREIGN KEY (account_id) REFERENCES accounts (id),
        CONSTRAINT ck_audit_events_action CHECK (action IN (${ACTIONS.map((a) => `'${a}'`).join(', ')})),
        CONSTRAINT ck_audit_events_actor_via CHECK (actor_via IN ('API_KEY', 'TOKEN', 'SESSION', 'CLI')),
        CONSTRAINT ck_audit_events_actor_address CHECK (length(actor_address) BETWEEN 1 AND 64),
        CONSTRAINT ck_audit_events_actor_key_id CHECK (length(actor_key_id) BETWEEN 1 AND 64),
        CONSTRAINT ck_audit_events_target CHECK (length(target_type) BETWEEN 1 AND 64 AND length(target_id) BETWEEN 1 AND 256),
        CONSTRAINT ck_audit_events_changes CHECK (jsonb_typeof(changes) = 'object'),
        CONSTRAINT ck_audit_events_request_id CHECK (length(request_id) BETWEEN 1 AND 128),
        CONSTRAINT ck_audit_events_client_address CHECK (length(client_address) BETWEEN 1 AND 64)
      )`);
    await q.query(`CREATE INDEX ix_audit_events_account_created ON audit_events (account_id, created_at, id)`);
    await q.query(
      `CREATE INDEX ix_audit_events_account_action_created ON audit_events (account_id, action, created_at, id)`,
    );
    await q.query(
      `CREATE INDEX ix_audit_events_account_actor_created ON audit_events (account_id, actor_address, created_at, id)`,
    );
    await q.query(`
      CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_events is append-only: % is refused', TG_OP
          USING ERRCODE = 'insufficient_privilege', HINT = 'Audit entries are never changed or removed.';
      END $$`);
    for (const [name, event] of REFUSED) {
      await q.query(`CREATE TRIGGER tg_audit_events_refuse_${name} BEFORE ${event} ON audit_events
                     FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change()`);
      await q.query(`ALTER TABLE audit_events ENABLE ALWAYS TRIGGER tg_audit_events_refuse_${name}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_events`);
    await q.query(`DROP FUNCTION audit_events_refuse_change()`);
  }
}
