import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../../../shared/domain/ids';
import { callbackBody, CallbackEvent } from '../domain/callback-event';
import { CallbackRepository } from '../domain/callback.repository';

/**
 * The port every state change tells its merchant through (docs/contract.md, Merchants). Call it inside the
 * transaction that makes the change: the row is written there (a transactional outbox), so a
 * callback exists exactly when the change committed, and the worker delivers it afterwards.
 */
@Injectable()
export class CallbackOutbox {
  constructor(private readonly callbacks: CallbackRepository) {}

  async enqueue(manager: EntityManager, event: CallbackEvent, now: Date = new Date()): Promise<void> {
    if (event.url === null) return;
    const id = uuidv7(now.getTime());
    await this.callbacks.enqueue(manager, {
      id,
      deploymentId: event.deploymentId,
      url: event.url,
      type: event.type,
      operationId: event.operationId,
      operationType: event.operationType,
      body: callbackBody(id, event, now),
      createdAt: now,
    });
  }
}
