import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Block-explorer URL templates and an active flag per network, for `GET /api/v1/networks`
 * (docs/contract.md, Accounts and networks). The catalog loader fills them from the seed at the next start.
 */
export class NetworkExplorers1763771100000 implements MigrationInterface {
  name = 'NetworkExplorers1763771100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE networks
        ADD COLUMN transaction_explorer_url text,
        ADD COLUMN address_explorer_url text,
        ADD COLUMN token_explorer_url text,
        ADD COLUMN is_active boolean NOT NULL DEFAULT true,
        ADD CONSTRAINT ck_networks_transaction_explorer_url CHECK (transaction_explorer_url LIKE '%{txHash}%'),
        ADD CONSTRAINT ck_networks_address_explorer_url CHECK (address_explorer_url LIKE '%{address}%'),
        ADD CONSTRAINT ck_networks_token_explorer_url CHECK (token_explorer_url LIKE '%{tokenAddress}%')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE networks
        DROP COLUMN transaction_explorer_url, DROP COLUMN address_explorer_url, DROP COLUMN token_explorer_url,
        DROP COLUMN is_active`);
  }
}
