import type { NetworkType } from '../../../shared/domain/address';

/**
 * The one place that spells a chain transaction's identity (docs/contract.md, Transactions): how its hash is written and
 * which key makes its row in `transactions` unique on its chain. The intake normalises every
 * event's `txHash` with `normaliseTxHash` before any handler runs, so handlers build source keys
 * from `event.txHash` as it is.
 */

/** EVM: 0x + 64 lower-case hex; Tron: 64 lower-case hex without 0x (docs/contract.md, Transactions). */
export function normaliseTxHash(hash: string, networkType: NetworkType): string {
  const hex = hash.replace(/^0x/i, '').toLowerCase();
  return networkType === 'evm' ? `0x${hex}` : hex;
}

/** What makes one observed transaction row unique on its chain, so repeated observations update one row. */
export const sourceKey = {
  /**
   * A token or coin transfer: one row per log, and per block when the event names its block (the
   * built-in indexer does): a transfer dropped by a reorg stays FAILED and the same transfer
   * re-mined in another block is a new row.
   */
  transfer: (txHash: string, logIndex: number, blockHash?: string): string =>
    blockHash === undefined ? `${txHash}:${logIndex}` : `${txHash}:${logIndex}:${blockHash.toLowerCase()}`,
  /** One queue operation run by an execution transaction. */
  execution: (txHash: string, operationId: string): string => `${txHash}:op:${operationId}`,
  /** A claim of one currency's deposits. */
  claim: (txHash: string, currencyId: string): string => `${txHash}:claim:${currencyId}`,
  /** A wallet deployment. */
  deploy: (txHash: string): string => `${txHash}:deploy`,
};
