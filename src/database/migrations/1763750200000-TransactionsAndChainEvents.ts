import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions read model (written only by chain-event handlers) and the ledger of applied
 * chain events that makes the intake idempotent.
 */
export class TransactionsAndChainEvents1763750200000 implements MigrationInterface {
  name = 'TransactionsAndChainEvents1763750200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions (
        id uuid NOT NULL,
        deployment_id uuid NOT NULL,
        chain_id text NOT NULL,
        source_key text NOT NULL,
        direction text NOT NULL,
        status text NOT NULL,
        tx_hash text NOT NULL,
        currency_id text,
        amount numeric(78, 0) NOT NULL DEFAULT 0,
        from_address text,
        to_address text,
        operation_id uuid,
        operation_type text NOT NULL,
        invoice_id uuid,
        block_number bigint,
        blockchain_fee numeric(78, 0),
        confirmations integer NOT NULL DEFAULT 0,
        is_claimed boolean NOT NULL DEFAULT false,
        confirmed_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_transactions PRIMARY KEY (id),
        CONSTRAINT fk_transactions_deployment FOREIGN KEY (deployment_id) REFERENCES deployments (id),
        CONSTRAINT uq_transactions_source UNIQUE (chain_id, source_key),
        CONSTRAINT ck_transactions_direction CHECK (direction IN ('IN', 'OUT')),
        CONSTRAINT ck_transactions_status CHECK (status IN ('PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED')),
        CONSTRAINT ck_transactions_operation_type CHECK (operation_type IN
          ('invoice', 'direct_deposit', 'set_config', 'claim', 'payout', 'reject', 'deploy', 'dapp_transaction')),
        CONSTRAINT ck_transactions_amount CHECK (amount >= 0),
        CONSTRAINT ck_transactions_confirmations CHECK (confirmations >= 0)
      )`);
    await q.query(
      `CREATE INDEX ix_transactions_deployment_created ON transactions (deployment_id, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX ix_transactions_invoice ON transactions (invoice_id) WHERE invoice_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX ix_transactions_operation ON transactions (operation_id) WHERE operation_id IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE chain_events (
        event_id text NOT NULL,
        kind text NOT NULL,
        applied_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_chain_events PRIMARY KEY (event_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE chain_events`);
    await q.query(`DROP TABLE transactions`);
  }
}
