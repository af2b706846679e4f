import type { Hex } from 'viem';

/** A value transfer at the top level of a transaction (internal calls are not traced). */
export interface ChainTransaction {
  readonly hash: Hex;
  readonly from: Hex;
  readonly to: Hex | null;
  readonly value: bigint;
}

export interface ChainBlock {
  readonly number: bigint;
  readonly hash: Hex;
  readonly parentHash: Hex;
  /** Empty when fetched without transactions. */
  readonly transactions: readonly ChainTransaction[];
}

export interface ChainLog {
  readonly address: Hex;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly blockNumber: bigint;
  readonly blockHash: Hex;
  readonly transactionHash: Hex;
  readonly logIndex: number;
}

export interface LogQuery {
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
  /** Emitters to match; undefined = any contract. */
  readonly address?: readonly Hex[];
  /** topic0 alternatives. */
  readonly events: readonly Hex[];
}

export interface ChainReceipt {
  readonly success: boolean;
  /**
   * Whether the transaction's `value` is the native coin it moved to `to`. Always true on EVM; a
   * Tron node reports a TRC-10 transfer's token amount (and a few other contract types' figures)
   * as `value`, and those must not count as TRX.
   */
  readonly valueIsNative: boolean;
  /** gasUsed × effectiveGasPrice, in wei; undefined when the node does not report the fee paid (Tron). */
  readonly fee: bigint | undefined;
}

/**
 * The little of a node's JSON-RPC the indexer needs: `ViemChainReader` for EVM nodes,
 * `TronJsonRpcReader` for java-tron's Ethereum-compatible JSON-RPC.
 */
export interface ChainReader {
  headNumber(): Promise<bigint>;
  /** Undefined when the chain has no block at that height (it is shorter, e.g. after a reorg). */
  block(number: bigint, withTransactions: boolean): Promise<ChainBlock | undefined>;
  logs(query: LogQuery): Promise<ChainLog[]>;
  receipt(hash: Hex): Promise<ChainReceipt>;
}
