import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OperationTransactionDetails } from '../../queue/application/operation-transaction-details';
import type { OperationChange, OperationChangeReason } from '../../queue/application/queue-operation-listeners';
import type { QueueOperation } from '../../queue/domain/queue-operation';
import type { QueueOperationStatus } from '../../queue/domain/queue-operation-status';
import type { OperationProgress } from '../domain/payout';
import { PayoutRepository } from '../domain/payout.repository';
import { PayoutCallbacks } from './payout-callbacks';

const PROGRESS_BY_STATUS: Record<QueueOperationStatus, OperationProgress> = {
  PENDING: 'PENDING',
  READY: 'READY',
  EXECUTED: 'EXECUTED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
};

/**
 * What the chain said about the execution wins over the operation's stored status: an operation
 * cancelled off-chain (deleted, nonce consumed) whose broadcast later fails still tells its SENT
 * payout the truth. Every other reason reports the operation's status.
 */
const PROGRESS_BY_REASON: Record<OperationChangeReason, OperationProgress | 'status'> = {
  created: 'status',
  execution_seen: 'BROADCAST',
  executed: 'EXECUTED',
  failed: 'FAILED',
  signed: 'status',
  nonce_changed: 'status',
  deleted: 'status',
  nonce_consumed: 'status',
  signers_changed: 'status',
};

function progressOf(change: OperationChange): OperationProgress {
  const byReason = PROGRESS_BY_REASON[change.reason];
  return byReason === 'status' ? PROGRESS_BY_STATUS[change.operation.storedStatus] : byReason;
}

/**
 * A payout follows its PAYOUT operation (docs/contract.md, Payouts). Registered with the queue at start-up; runs in
 * the transaction that changed the operation (the deployment and the operation are locked there,
 * the payout row is locked here), so the payout and its operation never disagree.
 */
@Injectable()
export class PayoutOperationFollower {
  constructor(
    private readonly payouts: PayoutRepository,
    private readonly callbacks: PayoutCallbacks,
  ) {}

  async follow(change: OperationChange, manager: EntityManager): Promise<void> {
    if (change.operation.type !== 'PAYOUT') return;
    const unit = this.payouts.within(manager);
    const payout = await unit.findByOperationForUpdate(change.operation.id);
    if (payout === undefined) return;
    const before = payout.status;
    if (!payout.followOperation(progressOf(change), change.operation.nonce, new Date())) return;
    await unit.save(payout);
    await this.callbacks.statusChanged(manager, payout, before);
  }

  /** The OUT transaction of an executed PAYOUT shows the payout's currency, amount and recipient. */
  async transactionDetails(
    operation: QueueOperation,
    manager: EntityManager,
  ): Promise<OperationTransactionDetails | undefined> {
    const payout = await this.payouts.within(manager).findByOperationForUpdate(operation.id);
    if (payout === undefined) return undefined;
    const p = payout.toProps();
    return { currencyId: p.currencyId, amount: p.amount, toAddress: p.toAddress.display };
  }
}
