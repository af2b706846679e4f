import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payee safety (docs/review-and-policy.md): an account's address book, with its two-person
 * approval, and its payout policy with one row of limits per currency.
 *
 * - `uq_address_book_entries_account_address`: one entry per address (network and 20-byte form) in an
 *   account; the repository maps its violation to 409 ADDRESS_BOOK_ENTRY_EXISTS.
 * - `ix_address_book_entries_account_hex` (text_pattern_ops) answers the look-alike pre-filter, a
 *   `LIKE '0xabc%def0'` on the 20-byte form within one account.
 * - An account without a `payout_policies` row has the default policy; PUT writes the row.
 * - Limits are base units of their currency, like every amount.
 */
export class PayeeSafety1795620000000 implements MigrationInterface {
  name = 'PayeeSafety1795620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE address_book_entries (
        id uuid NOT NULL,
        account_id uuid NOT NULL,
        network_type text NOT NULL,
        address text NOT NULL,
        address_hex text NOT NULL,
        label text NOT NULL,
        status text NOT NULL,
        added_by text NOT NULL,
        added_by_member_id uuid NOT NULL,
        approved_by text,
        approved_by_member_id uuid,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        approved_at timestamptz(3),
        CONSTRAINT pk_address_book_entries PRIMARY KEY (id),
        CONSTRAINT fk_address_book_entries_account FOREIGN KEY (account_id) REFERENCES accounts (id),
        CONSTRAINT fk_address_book_entries_added_by_member FOREIGN KEY (added_by_member_id) REFERENCES members (id),
        CONSTRAINT fk_address_book_entries_approved_by_member FOREIGN KEY (approved_by_member_id) REFERENCES members (id),
        CONSTRAINT uq_address_book_entries_account_address UNIQUE (account_id, network_type, address_hex),
        CONSTRAINT ck_address_book_entries_network_type CHECK (network_type IN ('evm', 'tvm')),
        CONSTRAINT ck_address_book_entries_address_hex CHECK (address_hex ~ '^0x[0-9a-f]{40}$'),
        CONSTRAINT ck_address_book_entries_label CHECK (length(label) BETWEEN 1 AND 100),
        CONSTRAINT ck_address_book_entries_status CHECK (status IN ('PENDING', 'APPROVED')),
        CONSTRAINT ck_address_book_entries_approval CHECK (
          (status = 'PENDING' AND approved_at IS NULL AND approved_by IS NULL)
          OR (status = 'APPROVED' AND approved_at IS NOT NULL AND approved_by IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX ix_address_book_entries_account_hex ON address_book_entries (account_id, address_hex text_pattern_ops)`,
    );
    await q.query(
      `CREATE INDEX ix_address_book_entries_account_created ON address_book_entries (account_id, created_at, id)`,
    );
    await q.query(`CREATE INDEX ix_address_book_entries_added_by_member ON address_book_entries (added_by_member_id)`);
    await q.query(
      `CREATE INDEX ix_address_book_entries_approved_by_member ON address_book_entries (approved_by_member_id) WHERE approved_by_member_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE payout_policies (
        account_id uuid NOT NULL,
        address_book_only boolean NOT NULL,
        block_lookalikes boolean NOT NULL,
        new_payee_delay_hours integer NOT NULL,
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_payout_policies PRIMARY KEY (account_id),
        CONSTRAINT fk_payout_policies_account FOREIGN KEY (account_id) REFERENCES accounts (id),
        CONSTRAINT ck_payout_policies_new_payee_delay_hours CHECK (new_payee_delay_hours BETWEEN 0 AND 720)
      )`);
    await q.query(`
      CREATE TABLE payout_policy_limits (
        account_id uuid NOT NULL,
        currency_id text NOT NULL,
        max_per_payout numeric(78, 0),
        max_per_24h numeric(78, 0),
        CONSTRAINT pk_payout_policy_limits PRIMARY KEY (account_id, currency_id),
        CONSTRAINT fk_payout_policy_limits_policy FOREIGN KEY (account_id) REFERENCES payout_policies (account_id) ON DELETE CASCADE,
        CONSTRAINT ck_payout_policy_limits_max_per_payout CHECK (max_per_payout IS NULL OR max_per_payout >= 0),
        CONSTRAINT ck_payout_policy_limits_max_per_24h CHECK (max_per_24h IS NULL OR max_per_24h >= 0)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payout_policy_limits`);
    await q.query(`DROP TABLE payout_policies`);
    await q.query(`DROP TABLE address_book_entries`);
  }
}
