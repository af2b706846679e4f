import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operations queue (docs/contract.md, Operations queue): operations waiting for owners' signatures, and the signatures.
 * Two rules live here because only the database can hold them under concurrency:
 * - one signature per (operation, signer): `pk_queue_signatures`;
 * - at most one live (PENDING/READY) REJECT per (deployment, nonce): `ux_queue_operations_live_reject`.
 */
export class QueueOperations1763750400000 implements MigrationInterface {
  name = 'QueueOperations1763750400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE queue_operations (
        id uuid NOT NULL,
        deployment_id uuid NOT NULL,
        nonce numeric(78, 0) NOT NULL,
        operation_type text NOT NULL,
        status text NOT NULL,
        calls jsonb NOT NULL,
        payload jsonb NOT NULL,
        created_by text NOT NULL,
        created_by_member_id uuid NOT NULL,
        signature_blob text,
        tx_hash text,
        expires_at timestamptz(3),
        dapp_metadata jsonb,
        deleted_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_queue_operations PRIMARY KEY (id),
        CONSTRAINT fk_queue_operations_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id),
        CONSTRAINT fk_queue_operations_created_by_member FOREIGN KEY (created_by_member_id) REFERENCES members (id),
        CONSTRAINT ck_queue_operations_nonce CHECK (nonce >= 0),
        CONSTRAINT ck_queue_operations_type CHECK (operation_type IN ('MULTISIG_CONFIG_CHANGE', 'REJECT', 'PAYOUT', 'DAPP_TRANSACTION')),
        CONSTRAINT ck_queue_operations_status CHECK (status IN ('PENDING', 'READY', 'EXECUTED', 'FAILED', 'CANCELLED')),
        CONSTRAINT ck_queue_operations_calls CHECK (jsonb_typeof(calls) = 'array'),
        CONSTRAINT ck_queue_operations_deleted CHECK (deleted_at IS NULL OR status = 'CANCELLED')
      )`);
    // The list's order (nonce, createdAt, id) within a deployment, also used for "next free nonce".
    await q.query(
      `CREATE INDEX ix_queue_operations_deployment_nonce ON queue_operations (deployment_id, nonce, created_at, id)`,
    );
    await q.query(`CREATE INDEX ix_queue_operations_status ON queue_operations (status)`);
    await q.query(`CREATE INDEX ix_queue_operations_created_by_member ON queue_operations (created_by_member_id)`);
    await q.query(`CREATE INDEX ix_queue_operations_created_at ON queue_operations (deployment_id, created_at)`);
    await q.query(`
      CREATE UNIQUE INDEX ux_queue_operations_live_reject ON queue_operations (deployment_id, nonce)
       WHERE operation_type = 'REJECT' AND status IN ('PENDING', 'READY')`);

    await q.query(`
      CREATE TABLE queue_signatures (
        operation_id uuid NOT NULL,
        signer_hex text NOT NULL,
        signature text NOT NULL,
        submitted_by uuid NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_queue_signatures PRIMARY KEY (operation_id, signer_hex),
        CONSTRAINT fk_queue_signatures_operation FOREIGN KEY (operation_id) REFERENCES queue_operations (id) ON DELETE CASCADE,
        CONSTRAINT fk_queue_signatures_submitted_by FOREIGN KEY (submitted_by) REFERENCES members (id),
        CONSTRAINT ck_queue_signatures_signer CHECK (signer_hex ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT ck_queue_signatures_signature CHECK (signature ~ '^0x[0-9a-f]{130}$')
      )`);
    await q.query(`CREATE INDEX ix_queue_signatures_submitted_by ON queue_signatures (submitted_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE queue_signatures`);
    await q.query(`DROP TABLE queue_operations`);
  }
}
