/** One indexed chain as any instance sees it (the built-in indexer, `chain/infrastructure/indexer.service.ts`). */
export interface ChainIndexStatus {
  readonly chainId: string;
  /** This instance holds the chain's lock and indexes it. */
  readonly leader: boolean;
  /** The chain's head as last seen by the leader (any instance), null before the first step. */
  readonly head: string | null;
  /** The last processed block, null before the first step. */
  readonly checkpoint: string | null;
  /** Blocks the checkpoint trails the head by. */
  readonly lag: number | null;
  readonly updatedAt: string | null;
  /** The last step's failure on this instance (no URLs or keys), null when it succeeded. */
  readonly lastError: string | null;
}

/** Head, checkpoint and lag per configured chain, for readiness and the status endpoint. */
export abstract class IndexerStatusReader {
  abstract status(): Promise<ChainIndexStatus[]>;
}
