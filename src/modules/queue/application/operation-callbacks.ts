import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CallbackOutbox } from '../../callbacks/application/callback-outbox';
import { CallbackSettingsService } from '../../callbacks/application/callback-settings.service';
import type { CallbackEventType } from '../../callbacks/domain/callback-event';
import type { QueueOperationStatus } from '../domain/queue-operation-status';
import type { OperationChange } from './queue-operation-listeners';
import { QueueService } from './queue.service';

/** The event a status reached means. PENDING has none: a nonce change sends a READY operation back to it. */
const EVENT_BY_STATUS: Partial<Record<QueueOperationStatus, CallbackEventType>> = {
  READY: 'OPERATION_READY',
  EXECUTED: 'OPERATION_EXECUTED',
  FAILED: 'OPERATION_FAILED',
  CANCELLED: 'OPERATION_CANCELLED',
};

/**
 * The events one queue change means, in the order they happened: a signature that reaches the
 * threshold is OPERATION_SIGNED then OPERATION_READY; a deleted operation is OPERATION_DELETED
 * (its CANCELLED status is the deletion, not another event).
 */
export function operationEvents(change: OperationChange): CallbackEventType[] {
  const { operation, previousStatus, reason } = change;
  if (reason === 'created') return ['OPERATION_CREATED'];
  if (reason === 'deleted') return ['OPERATION_DELETED'];
  const types: CallbackEventType[] = reason === 'signed' ? ['OPERATION_SIGNED'] : [];
  const byStatus = EVENT_BY_STATUS[operation.storedStatus];
  if (operation.storedStatus !== previousStatus && byStatus !== undefined) types.push(byStatus);
  return types;
}

/**
 * Queue notifications: every change of an operation is told to its account's operationsCallbackUrl,
 * so approvers learn that an operation waits for them without polling. Registered with the queue's
 * listeners, so it runs inside the transaction that changed the operation and the outbox row
 * commits or rolls back with the change. `data` is the operation as nobody in particular sees it.
 */
@Injectable()
export class OperationCallbacks {
  constructor(
    private readonly outbox: CallbackOutbox,
    private readonly settings: CallbackSettingsService,
    private readonly queue: QueueService,
  ) {}

  async announce(change: OperationChange, manager: EntityManager): Promise<void> {
    const types = operationEvents(change);
    if (types.length === 0) return;
    const { operation } = change;
    const url = await this.settings.operationsCallbackUrl(manager, operation.deploymentId);
    if (url === null) return;
    const data = await this.queue.anonymousView(manager, operation);
    for (const type of types) {
      await this.outbox.enqueue(manager, {
        deploymentId: operation.deploymentId,
        url,
        type,
        operationId: operation.id,
        operationType: 'queue_operation',
        data,
      });
    }
  }
}
