import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant loop (docs/contract.md, Merchants): per-account callback signing secrets, the callback outbox that
 * state changes write in their own transaction, and stored Idempotency-Key responses.
 *
 * - `account_callback_secrets.secret_ciphertext` is AES-256-GCM under a key from configuration: the
 *   secret must be usable to sign, so it cannot be hashed, and must never sit in the table in clear.
 * - `callbacks.id` is the event id (`webhook-id`), stable across retries; `body` is the exact JSON
 *   sent, fixed when the event happened so every retry signs and sends the same bytes.
 *   `next_attempt_at` doubles as the worker's lease: claiming a row pushes it forward, so a worker
 *   that dies mid-delivery leaves the row due again once the lease runs out (at least once).
 * - `idempotency_keys` is keyed by (credential hash, method, path, key): the row is inserted before
 *   the handler runs, so of N concurrent requests exactly one owns the key.
 */
export class MerchantLoop1763774000000 implements MigrationInterface {
  name = 'MerchantLoop1763774000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account_callback_secrets (
        account_id uuid NOT NULL,
        secret_ciphertext text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_account_callback_secrets PRIMARY KEY (account_id),
        CONSTRAINT fk_account_callback_secrets_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE callbacks (
        id uuid NOT NULL,
        account_id uuid NOT NULL,
        deployment_id uuid NOT NULL,
        url text NOT NULL,
        type text NOT NULL,
        status text NOT NULL,
        operation_id uuid NOT NULL,
        operation_type text NOT NULL,
        body text NOT NULL,
        attempt integer NOT NULL DEFAULT 0,
        schedule_step integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3),
        time_sent timestamptz(3),
        response_code integer,
        response_body text,
        last_error text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_callbacks PRIMARY KEY (id),
        CONSTRAINT fk_callbacks_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_callbacks_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id) ON DELETE CASCADE,
        CONSTRAINT ck_callbacks_status CHECK (status IN ('CREATED', 'RETRY', 'SENT', 'FAILED')),
        CONSTRAINT ck_callbacks_operation_type CHECK (operation_type IN ('invoice', 'payout')),
        CONSTRAINT ck_callbacks_attempt CHECK (attempt >= 0 AND schedule_step >= 0),
        CONSTRAINT ck_callbacks_due CHECK (status IN ('SENT', 'FAILED') OR next_attempt_at IS NOT NULL)
      )`);
    // The worker's claim: due rows only, oldest first.
    await q.query(`CREATE INDEX ix_callbacks_due ON callbacks (next_attempt_at) WHERE status IN ('CREATED', 'RETRY')`);
    // The delivery log, by operation, in order.
    await q.query(`CREATE INDEX ix_callbacks_operation ON callbacks (operation_id, created_at, id)`);
    await q.query(`CREATE INDEX ix_callbacks_account ON callbacks (account_id)`);
    await q.query(`CREATE INDEX ix_callbacks_deployment ON callbacks (deployment_id)`);

    await q.query(`
      CREATE TABLE idempotency_keys (
        credential_hash text NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        idempotency_key text NOT NULL,
        request_hash text NOT NULL,
        status text NOT NULL,
        response_status integer,
        response_body text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        expires_at timestamptz(3) NOT NULL,
        CONSTRAINT pk_idempotency_keys PRIMARY KEY (credential_hash, method, path, idempotency_key),
        CONSTRAINT ck_idempotency_keys_status CHECK (status IN ('IN_PROGRESS', 'COMPLETED')),
        CONSTRAINT ck_idempotency_keys_key CHECK (length(idempotency_key) BETWEEN 1 AND 255),
        CONSTRAINT ck_idempotency_keys_completed CHECK (status = 'IN_PROGRESS' OR response_status IS NOT NULL)
      )`);
    // The sweep of expired keys.
    await q.query(`CREATE INDEX ix_idempotency_keys_expires ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
    await q.query(`DROP TABLE callbacks`);
    await q.query(`DROP TABLE account_callback_secrets`);
  }
}
