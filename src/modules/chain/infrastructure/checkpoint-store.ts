import type { ChainCheckpoint, CheckpointPort, CheckpointUpdate } from '../domain/checkpoint';
import type { Hex } from 'viem';
import type { Observation } from '../domain/observations';

/** What a pg client or pool answers; the store runs on the leader's own connection. */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * The per-chain checkpoint and unconfirmed-window blocks (`indexer_checkpoints`,
 * `indexer_blocks`). Every write goes through the connection that holds the chain's advisory
 * lock, so an instance that lost the lock (its connection died) cannot write a stale checkpoint.
 */
export class CheckpointStore implements CheckpointPort {
  constructor(
    private readonly db: Queryable,
    private readonly chainId: string,
  ) {}

  async load(): Promise<ChainCheckpoint | undefined> {
    const rows = (
      await this.db.query<{ next_block: string }>(`SELECT next_block FROM indexer_checkpoints WHERE chain_id = $1`, [
        this.chainId,
      ])
    ).rows;
    if (rows.length === 0) return undefined;
    const blocks = (
      await this.db.query<{ block_number: string; block_hash: Hex; observations: Observation[] }>(
        `SELECT block_number, block_hash, observations FROM indexer_blocks WHERE chain_id = $1 ORDER BY block_number`,
        [this.chainId],
      )
    ).rows;
    return {
      nextBlock: BigInt(rows[0].next_block),
      blocks: blocks.map((row) => ({
        number: BigInt(row.block_number),
        hash: row.block_hash,
        observations: row.observations,
      })),
    };
  }

  /** The first checkpoint of a chain; a concurrent first start keeps whichever came first. */
  async create(nextBlock: bigint): Promise<void> {
    await this.db.query(
      `INSERT INTO indexer_checkpoints (chain_id, next_block) VALUES ($1, $2) ON CONFLICT (chain_id) DO NOTHING`,
      [this.chainId, nextBlock.toString()],
    );
  }

  /** Moves the checkpoint and the window together: all of it or none. */
  async save(update: CheckpointUpdate): Promise<void> {
    await this.db.query('BEGIN');
    try {
      if (update.dropFrom !== undefined)
        await this.db.query(`DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number >= $2`, [
          this.chainId,
          update.dropFrom.toString(),
        ]);
      if (update.pruneBelow !== undefined)
        await this.db.query(`DELETE FROM indexer_blocks WHERE chain_id = $1 AND block_number < $2`, [
          this.chainId,
          update.pruneBelow.toString(),
        ]);
      if (update.put.length > 0) {
        await this.db.query(
          `INSERT INTO indexer_blocks (chain_id, block_number, block_hash, observations)
           SELECT $1, n, h, o FROM unnest($2::bigint[], $3::text[], $4::jsonb[]) AS b(n, h, o)
           ON CONFLICT (chain_id, block_number) DO UPDATE
             SET block_hash = EXCLUDED.block_hash, observations = EXCLUDED.observations`,
          [
            this.chainId,
            update.put.map((block) => block.number.toString()),
            update.put.map((block) => block.hash),
            update.put.map((block) => JSON.stringify(block.observations)),
          ],
        );
      }
      await this.db.query(
        `UPDATE indexer_checkpoints SET next_block = $2, head_block = $3, updated_at = now() WHERE chain_id = $1`,
        [this.chainId, update.nextBlock.toString(), update.head.toString()],
      );
      await this.db.query('COMMIT');
    } catch (error) {
      await this.db.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}
