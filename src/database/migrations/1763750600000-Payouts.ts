import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payouts (docs/contract.md, Payouts): money out, each carried by exactly one PAYOUT queue operation
 * (`uq_payouts_queue_operation`, created in the same transaction as the payout).
 *
 * `tracking_id` is deliberately NOT unique per deployment: the seed declares no 409 for endpoints
 * 14 and 17 (it does for invoices), so a duplicate cannot be refused with a declared status, and a
 * client may legitimately retry a payout under the same reference after cancelling it. It is a
 * search key only (substring filter).
 *
 * Substring filters (`tracking_id`, `to_address`, `created_by`, `id`) are ILIKE '%…%' inside one
 * deployment: the indexes led by deployment_id narrow the scan to that deployment's rows.
 */
export class Payouts1763750600000 implements MigrationInterface {
  name = 'Payouts1763750600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payouts (
        id uuid NOT NULL,
        deployment_id uuid NOT NULL,
        queue_operation_id uuid NOT NULL,
        currency_id text NOT NULL,
        amount numeric(78, 0) NOT NULL,
        to_address text NOT NULL,
        to_address_hex text NOT NULL,
        tracking_id text,
        callback_url text,
        nonce numeric(78, 0) NOT NULL,
        status text NOT NULL,
        created_by text NOT NULL,
        created_by_member_id uuid NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_payouts PRIMARY KEY (id),
        CONSTRAINT fk_payouts_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id),
        CONSTRAINT fk_payouts_queue_operation FOREIGN KEY (queue_operation_id) REFERENCES queue_operations (id),
        CONSTRAINT fk_payouts_created_by_member FOREIGN KEY (created_by_member_id) REFERENCES members (id),
        CONSTRAINT uq_payouts_queue_operation UNIQUE (queue_operation_id),
        CONSTRAINT ck_payouts_status CHECK (status IN ('CREATED', 'SIGNED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED')),
        CONSTRAINT ck_payouts_amount CHECK (amount > 0),
        CONSTRAINT ck_payouts_nonce CHECK (nonce >= 0),
        CONSTRAINT ck_payouts_to_address_hex CHECK (to_address_hex ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT ck_payouts_tracking_id CHECK (tracking_id IS NULL OR tracking_id ~ '^[A-Za-z0-9-]{1,128}$'),
        CONSTRAINT ck_payouts_callback_url CHECK (callback_url IS NULL OR length(callback_url) <= 2048)
      )`);
    // List sorts (each ends with id); the deployment FK leads each.
    await q.query(`CREATE INDEX ix_payouts_deployment_created ON payouts (deployment_id, created_at, id)`);
    await q.query(`CREATE INDEX ix_payouts_deployment_updated ON payouts (deployment_id, updated_at, id)`);
    await q.query(`CREATE INDEX ix_payouts_deployment_id ON payouts (deployment_id, id)`);
    // List filters.
    await q.query(`CREATE INDEX ix_payouts_deployment_status ON payouts (deployment_id, status)`);
    await q.query(`CREATE INDEX ix_payouts_deployment_currency ON payouts (deployment_id, currency_id)`);
    await q.query(
      `CREATE INDEX ix_payouts_deployment_tracking ON payouts (deployment_id, tracking_id) WHERE tracking_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX ix_payouts_deployment_to_address ON payouts (deployment_id, to_address)`);
    await q.query(`CREATE INDEX ix_payouts_deployment_created_by ON payouts (deployment_id, created_by)`);
    await q.query(`CREATE INDEX ix_payouts_created_by_member ON payouts (created_by_member_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payouts`);
  }
}
