import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { QueueOperation } from '../domain/queue-operation';
import type { QueueOperationStatus } from '../domain/queue-operation-status';

/** Why an operation changed, so a follower (a payout, the queue notifications) can mirror it. */
export type OperationChangeReason =
  | 'created' // a new operation, PENDING
  | 'signed' // a signature was accepted (READY when the threshold was reached)
  | 'nonce_changed' // nonce replaced, signatures reset, back to PENDING
  | 'deleted' // deleted by its creator: ends as CANCELLED
  | 'execution_seen' // an execution transaction was seen (PENDING): the tx hash is known
  | 'executed'
  | 'failed'
  | 'nonce_consumed' // another operation at its nonce was executed: CANCELLED
  | 'signers_changed'; // a config change executed; READY/PENDING re-evaluated

export interface OperationChange {
  readonly operation: QueueOperation;
  readonly previousStatus: QueueOperationStatus;
  readonly reason: OperationChangeReason;
}

export type OperationChangeListener = (change: OperationChange, manager: EntityManager) => Promise<void>;

/**
 * Other contexts follow their operations here (payouts follow their PAYOUT operation), and
 * so do the queue's own notifications (`OperationCallbacks`).
 * Listeners run inside the transaction that changed the operation, so a payout and its operation
 * never disagree; a listener that throws rolls the change back.
 */
@Injectable()
export class QueueOperationListeners {
  private readonly listeners: OperationChangeListener[] = [];

  onOperationChanged(listener: OperationChangeListener): void {
    this.listeners.push(listener);
  }

  async notify(manager: EntityManager, change: OperationChange): Promise<void> {
    for (const listener of this.listeners) await listener(change, manager);
  }
}
