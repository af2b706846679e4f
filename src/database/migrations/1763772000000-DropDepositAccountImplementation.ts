import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deposit accounts are no longer EIP-1167 proxies of an implementation: the wallet creates a
 * DepositAccount from its own creation code (docs/contract.md, The contracts), so a contract version has no
 * deposit-account implementation address, only `deposit_account_init_code_hash`. The column held
 * placeholder addresses and nothing reads it.
 */
export class DropDepositAccountImplementation1763772000000 implements MigrationInterface {
  name = 'DropDepositAccountImplementation1763772000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE smart_contract_versions DROP CONSTRAINT smart_contract_versions_implementation_ck`);
    await q.query(`ALTER TABLE smart_contract_versions DROP COLUMN deposit_account_implementation`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The old values were placeholders; the zero address keeps the old NOT NULL and format check.
    await q.query(`
      ALTER TABLE smart_contract_versions
        ADD COLUMN deposit_account_implementation text NOT NULL
          DEFAULT '0x0000000000000000000000000000000000000000'`);
    await q.query(`ALTER TABLE smart_contract_versions ALTER COLUMN deposit_account_implementation DROP DEFAULT`);
    await q.query(`
      ALTER TABLE smart_contract_versions ADD CONSTRAINT smart_contract_versions_implementation_ck
        CHECK (deposit_account_implementation ~ '^0x[0-9a-fA-F]{40}$')`);
  }
}
