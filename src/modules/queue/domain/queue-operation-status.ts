import { DomainError } from '../../../shared/domain/domain-error';

export const QUEUE_OPERATION_STATUSES = ['PENDING', 'READY', 'EXECUTED', 'FAILED', 'CANCELLED'] as const;
export type QueueOperationStatus = (typeof QUEUE_OPERATION_STATUSES)[number];

export const QUEUE_OPERATION_TYPES = ['MULTISIG_CONFIG_CHANGE', 'REJECT', 'PAYOUT', 'DAPP_TRANSACTION'] as const;
export type QueueOperationType = (typeof QUEUE_OPERATION_TYPES)[number];

/**
 * docs/contract.md, Operations queue PENDING ↔ READY follow the signatures counted against the current threshold (a nonce
 * change, a raised threshold or a removed approver sends READY back). An execution event ends an
 * operation as EXECUTED or FAILED; executing another operation at the same nonce, deleting it, or a
 * DAPP_TRANSACTION's expiry ends it as CANCELLED. The three end states are final, so an event that
 * arrives late can never move an executed operation back.
 */
export const QUEUE_OPERATION_TRANSITIONS: Readonly<Record<QueueOperationStatus, readonly QueueOperationStatus[]>> = {
  PENDING: ['READY', 'EXECUTED', 'FAILED', 'CANCELLED'],
  READY: ['PENDING', 'EXECUTED', 'FAILED', 'CANCELLED'],
  EXECUTED: [],
  FAILED: [],
  CANCELLED: [],
};

export const LIVE_STATUSES: readonly QueueOperationStatus[] = ['PENDING', 'READY'];

export function isLiveStatus(status: QueueOperationStatus): boolean {
  return LIVE_STATUSES.includes(status);
}

export function canQueueTransition(from: QueueOperationStatus, to: QueueOperationStatus): boolean {
  return from === to || QUEUE_OPERATION_TRANSITIONS[from].includes(to);
}

export function assertQueueTransition(from: QueueOperationStatus, to: QueueOperationStatus): void {
  if (!canQueueTransition(from, to)) {
    throw DomainError.invalid('OPERATION_STATUS_TRANSITION', `Operation status cannot change from ${from} to ${to}`);
  }
}

/** How an executed operation is named in the transactions read model (docs/chain-events.md). */
export const TRANSACTION_TYPE_BY_OPERATION: Readonly<
  Record<QueueOperationType, 'set_config' | 'reject' | 'payout' | 'dapp_transaction'>
> = {
  MULTISIG_CONFIG_CHANGE: 'set_config',
  REJECT: 'reject',
  PAYOUT: 'payout',
  DAPP_TRANSACTION: 'dapp_transaction',
};
