import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices (docs/contract.md, Invoices) and what claims (docs/contract.md, Claims) need from the transactions read model: a link from
 * deposits to their invoice and an index over the claimable deposits only.
 */
export class Invoices1763750500000 implements MigrationInterface {
  name = 'Invoices1763750500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoices (
        id uuid NOT NULL,
        deployment_id uuid NOT NULL,
        chain_id text NOT NULL,
        public_id bigint NOT NULL,
        invoice_nonce bigint NOT NULL,
        invoice_address text NOT NULL,
        invoice_address_hex text NOT NULL,
        requested_amount numeric(78, 0),
        currency_ids text[] NOT NULL,
        tracking_id text,
        callback_url text,
        payment_page_button_url text,
        payment_page_button_text text,
        status text NOT NULL,
        paid_amount numeric(78, 0) NOT NULL DEFAULT 0,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_invoices PRIMARY KEY (id),
        CONSTRAINT fk_invoices_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id),
        CONSTRAINT uq_invoices_public_id UNIQUE (public_id),
        CONSTRAINT uq_invoices_deployment_nonce UNIQUE (deployment_id, invoice_nonce),
        -- NULLs are distinct: any number of invoices without a tracking id.
        CONSTRAINT uq_invoices_deployment_tracking UNIQUE (deployment_id, tracking_id),
        CONSTRAINT uq_invoices_chain_address UNIQUE (chain_id, invoice_address_hex),
        CONSTRAINT ck_invoices_status CHECK (status IN ('CREATED', 'PAID', 'UNRESOLVED')),
        CONSTRAINT ck_invoices_nonce CHECK (invoice_nonce >= 0),
        CONSTRAINT ck_invoices_requested_amount CHECK (requested_amount IS NULL OR requested_amount > 0),
        CONSTRAINT ck_invoices_paid_amount CHECK (paid_amount >= 0),
        CONSTRAINT ck_invoices_currencies CHECK (cardinality(currency_ids) >= 1)
      )`);
    // List sorts (each ends with id) and filters; the deployment FK is the leading column of each.
    await q.query(`CREATE INDEX ix_invoices_deployment_created ON invoices (deployment_id, created_at, id)`);
    await q.query(`CREATE INDEX ix_invoices_deployment_updated ON invoices (deployment_id, updated_at, id)`);
    await q.query(`CREATE INDEX ix_invoices_deployment_status ON invoices (deployment_id, status)`);
    await q.query(`CREATE INDEX ix_invoices_currency_ids ON invoices USING gin (currency_ids)`);

    await q.query(`
      ALTER TABLE transactions
        ADD CONSTRAINT fk_transactions_invoice FOREIGN KEY (invoice_id) REFERENCES invoices (id)`);
    // Claims read only unclaimed, settled invoice deposits, grouped by invoice and currency.
    await q.query(`
      CREATE INDEX ix_transactions_claimable ON transactions (deployment_id, invoice_id, currency_id)
        WHERE operation_type = 'invoice' AND is_claimed = false AND status IN ('EXECUTED', 'CONFIRMED')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_transactions_claimable`);
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT fk_transactions_invoice`);
    await q.query(`DROP TABLE invoices`);
  }
}
