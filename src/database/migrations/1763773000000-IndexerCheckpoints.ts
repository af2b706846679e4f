import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The built-in indexer's progress (issue 13). `indexer_checkpoints`: per chain, the first block
 * not yet processed and the last head seen (status and lag read it from any instance).
 * `indexer_blocks`: the processed blocks still inside the chain's confirmation window, with their
 * hashes (reorg detection) and what was seen in them (re-reported as confirmations grow, reported
 * FAILED if the block is dropped). Rows leave once final.
 *
 * `ix_invoices_chain_created` serves the indexer's incremental read of new invoice addresses.
 */
export class IndexerCheckpoints1763773000000 implements MigrationInterface {
  name = 'IndexerCheckpoints1763773000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE indexer_checkpoints (
        chain_id text NOT NULL,
        next_block bigint NOT NULL,
        head_block bigint,
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT pk_indexer_checkpoints PRIMARY KEY (chain_id),
        CONSTRAINT ck_indexer_checkpoints_next_block CHECK (next_block >= 0)
      )`);
    await q.query(`
      CREATE TABLE indexer_blocks (
        chain_id text NOT NULL,
        block_number bigint NOT NULL,
        block_hash text NOT NULL,
        observations jsonb NOT NULL DEFAULT '[]',
        CONSTRAINT pk_indexer_blocks PRIMARY KEY (chain_id, block_number),
        CONSTRAINT fk_indexer_blocks_checkpoint FOREIGN KEY (chain_id)
          REFERENCES indexer_checkpoints (chain_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_invoices_chain_created ON invoices (chain_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_invoices_chain_created`);
    await q.query(`DROP TABLE indexer_blocks`);
    await q.query(`DROP TABLE indexer_checkpoints`);
  }
}
