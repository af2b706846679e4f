import { MigrationInterface, QueryRunner } from 'typeorm';

/** Members and their credentials, accounts (teams), deployments, and token-service sessions. */
export class Tenancy1763750100000 implements MigrationInterface {
  name = 'Tenancy1763750100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE members (
        id uuid NOT NULL,
        address text NOT NULL,
        address_hex text NOT NULL,
        network_type text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_members PRIMARY KEY (id),
        CONSTRAINT uq_members_address UNIQUE (address),
        CONSTRAINT ck_members_network_type CHECK (network_type IN ('evm', 'tvm'))
      )`);
    await q.query(`CREATE INDEX ix_members_address_hex ON members (address_hex)`);

    // One credential pair per member: regenerating replaces the row, so old ones stop at once.
    await q.query(`
      CREATE TABLE member_credentials (
        member_id uuid NOT NULL,
        api_key_sha256 text NOT NULL,
        api_secret_scrypt text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_member_credentials PRIMARY KEY (member_id),
        CONSTRAINT uq_member_credentials_api_key UNIQUE (api_key_sha256),
        CONSTRAINT fk_member_credentials_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE member_hidden_currencies (
        member_id uuid NOT NULL,
        currency_id text NOT NULL,
        CONSTRAINT pk_member_hidden_currencies PRIMARY KEY (member_id, currency_id),
        CONSTRAINT fk_member_hidden_currencies_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE accounts (
        id uuid NOT NULL,
        name text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_accounts PRIMARY KEY (id)
      )`);

    await q.query(`
      CREATE TABLE account_members (
        account_id uuid NOT NULL,
        member_id uuid NOT NULL,
        CONSTRAINT pk_account_members PRIMARY KEY (account_id, member_id),
        CONSTRAINT fk_account_members_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_account_members_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_account_members_member ON account_members (member_id)`);

    await q.query(`
      CREATE TABLE deployments (
        id uuid NOT NULL,
        account_id uuid NOT NULL,
        chain_id text NOT NULL,
        network_type text NOT NULL,
        address text NOT NULL,
        address_hex text NOT NULL,
        smart_contract_version_id text NOT NULL,
        approvers text[] NOT NULL,
        threshold integer NOT NULL,
        current_nonce numeric(78, 0) NOT NULL DEFAULT 0,
        last_executed_nonce numeric(78, 0),
        next_invoice_nonce bigint NOT NULL DEFAULT 0,
        deployment_status text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_deployments PRIMARY KEY (id),
        CONSTRAINT fk_deployments_account FOREIGN KEY (account_id) REFERENCES accounts (id),
        CONSTRAINT uq_deployments_chain_address UNIQUE (chain_id, address_hex),
        CONSTRAINT ck_deployments_network_type CHECK (network_type IN ('evm', 'tvm')),
        CONSTRAINT ck_deployments_threshold CHECK (threshold >= 1 AND threshold <= cardinality(approvers)),
        CONSTRAINT ck_deployments_current_nonce CHECK (current_nonce >= 0),
        CONSTRAINT ck_deployments_status CHECK (deployment_status IN ('not_deployed', 'pending', 'deployed'))
      )`);
    await q.query(`CREATE INDEX ix_deployments_account ON deployments (account_id)`);

    // A token-service session (`sid`): the refresh token that may be used next, and revocation.
    await q.query(`
      CREATE TABLE auth_sessions (
        id uuid NOT NULL,
        member_id uuid NOT NULL,
        refresh_jti uuid NOT NULL,
        refresh_expires_at timestamptz(6) NOT NULL,
        revoked_at timestamptz(6),
        revoked_reason text,
        created_at timestamptz(6) NOT NULL DEFAULT now(),
        updated_at timestamptz(6) NOT NULL DEFAULT now(),
        CONSTRAINT pk_auth_sessions PRIMARY KEY (id),
        CONSTRAINT fk_auth_sessions_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_auth_sessions_member ON auth_sessions (member_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth_sessions`);
    await q.query(`DROP TABLE deployments`);
    await q.query(`DROP TABLE account_members`);
    await q.query(`DROP TABLE accounts`);
    await q.query(`DROP TABLE member_hidden_currencies`);
    await q.query(`DROP TABLE member_credentials`);
    await q.query(`DROP TABLE members`);
  }
}
