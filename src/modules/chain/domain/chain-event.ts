import type { TransactionStatus } from '../../../shared/domain/transaction-status';

/*
 * The chain events the service applies, as types: what the built-in indexer builds, and what the
 * intake's wire format (`application/chain-event.dto.ts`, whose classes implement these) is checked
 * against when a reporter sends it over HTTP or the CLI. The indexer's events are built here, typed,
 * so the intake takes them without a second validation pass.
 */

interface ChainEventBase {
  readonly eventId: string;
  readonly chainId: string;
  readonly txHash: string;
  readonly status: TransactionStatus;
}

export interface TransferEvent extends ChainEventBase {
  readonly kind: 'transfer';
  readonly logIndex: number;
  readonly blockNumber?: string;
  readonly blockHash?: string;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly currencyId: string;
  /** Base units. */
  readonly amount: string;
  readonly fee?: string;
  readonly confirmations: number;
  readonly observedAt?: string;
}

export interface ExecutionEvent extends ChainEventBase {
  readonly kind: 'execution';
  readonly deploymentAddress: string;
  readonly blockNumber?: string;
  readonly executeOperationIds: readonly string[];
  readonly fee?: string;
  readonly confirmations: number;
}

export interface ClaimEvent extends ChainEventBase {
  readonly kind: 'claim';
  readonly deploymentAddress: string;
  readonly toAddress?: string;
  readonly currencyId: string;
  readonly invoiceNonces: readonly string[];
  readonly confirmations?: number;
}

export interface DeployEvent extends ChainEventBase {
  readonly kind: 'deploy';
  readonly deploymentAddress: string;
  readonly confirmations?: number;
}

export type ObservedChainEvent = TransferEvent | ExecutionEvent | ClaimEvent | DeployEvent;
