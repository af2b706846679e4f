import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claim's sweep is no longer a direct deposit: until now a token transfer into a wallet from one
 * of its own deposit addresses was recorded as `direct_deposit`, so an ERC-20 claim counted its
 * money twice in balances (the claimed invoice deposit, and the sweep). Removes those rows; the
 * claimed deposits and the `claim` rows stay and tell the same story once. The transactions'
 * triggers keep every rollup exact through the delete. Addresses are compared in their stored
 * display form, which is canonical on both sides (EIP-55 on EVM, base58 on Tron).
 *
 * Down has nothing to restore: the removed rows double-counted money that the claim records.
 */
export class DropSweepDirectDeposits1795530537300 implements MigrationInterface {
  name = 'DropSweepDirectDeposits1795530537300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM transactions t
       USING invoices i
       WHERE t.operation_type = 'direct_deposit'
         AND i.deployment_id = t.deployment_id
         AND i.chain_id = t.chain_id
         AND i.invoice_address = t.from_address`);
  }

  async down(): Promise<void> {
    // Nothing to restore (see above).
  }
}
