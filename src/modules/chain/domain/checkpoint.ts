import type { Hex } from 'viem';
import type { Observation } from './observations';

/** One block of the unconfirmed window: its hash (to detect reorgs) and what was seen in it. */
export interface StoredBlock {
  readonly number: bigint;
  readonly hash: Hex;
  readonly observations: readonly Observation[];
}

export interface ChainCheckpoint {
  /** The first block not yet processed. */
  readonly nextBlock: bigint;
  /** Processed blocks still inside the reorg window, ascending. */
  readonly blocks: readonly StoredBlock[];
}

export interface CheckpointUpdate {
  readonly nextBlock: bigint;
  readonly head: bigint;
  /** Blocks to store (or replace). */
  readonly put: readonly StoredBlock[];
  /** Remove stored blocks numbered at or above this (a reorg's dropped blocks). */
  readonly dropFrom?: bigint;
  /** Remove stored blocks numbered below this (final now). */
  readonly pruneBelow?: bigint;
}

/** Where a follower keeps its progress; `CheckpointStore` is the PostgreSQL one. */
export interface CheckpointPort {
  load(): Promise<ChainCheckpoint | undefined>;
  create(nextBlock: bigint): Promise<void>;
  save(update: CheckpointUpdate): Promise<void>;
}
