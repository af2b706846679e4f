import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { ExecutionEventDto } from '../../chain/application/chain-event.dto';
import { ChainEventHandler, HandlerOutcome } from '../../chain/application/chain-event-handler';
import { sourceKey } from '../../chain/application/transaction-identity';
import { DeploymentsService } from '../../deployments/application/deployments.service';
import { TransactionRecorder } from '../../deployments/application/transaction-recorder';
import { TransactionStatus } from '../../../shared/domain/transaction-status';
import { operationIdFromExecuteId } from '../domain/queue-operation';
import { QueueOperationRepository } from '../domain/queue-operation.repository';
import { TRANSACTION_TYPE_BY_OPERATION } from '../domain/queue-operation-status';
import { OperationTransactionDetailsProviders } from './operation-transaction-details';
import { QueueService } from './queue.service';

/** What the execution transaction's (forward-only) status means for the operations it names. */
const OUTCOME_BY_TX: Record<TransactionStatus, 'PENDING' | 'EXECUTED' | 'FAILED'> = {
  PENDING: 'PENDING',
  EXECUTED: 'EXECUTED',
  CONFIRMED: 'EXECUTED',
  FAILED: 'FAILED',
};

/**
 * `execution` events (docs/chain-events.md): one wallet transaction that ran some of a deployment's queued
 * operations. Runs inside the event's transaction with the deployment locked first, then the
 * operations. Out-of-order safe: each operation follows its transaction row's forward-only status,
 * and ended operations never change again.
 */
@Injectable()
export class ExecutionEventHandler implements ChainEventHandler<ExecutionEventDto> {
  readonly kind = 'execution';

  constructor(
    private readonly operations: QueueOperationRepository,
    private readonly deployments: DeploymentsService,
    private readonly transactions: TransactionRecorder,
    private readonly queue: QueueService,
    private readonly details: OperationTransactionDetailsProviders,
  ) {}

  async apply(event: ExecutionEventDto, manager: EntityManager): Promise<HandlerOutcome> {
    const deployment = await this.deployments.lockByAddress(manager, event.chainId, event.deploymentAddress);
    if (deployment === undefined) return 'not-mine';
    const ids = [
      ...new Set(
        event.executeOperationIds.map(operationIdFromExecuteId).filter((id): id is string => id !== undefined),
      ),
    ];
    const named = await this.operations.findManyForUpdate(manager, deployment.id, ids, deployment.networkType);
    if (named.length === 0) return { ignored: 'executeOperationIds name no queue operation of this deployment' };
    const namedIds = new Set(named.map((operation) => operation.id));
    let deploymentChanged = false;
    let signersChanged = false;

    for (const operation of named) {
      // What the operation moved (a PAYOUT's currency, amount, recipient), from the context that owns it.
      const moved = await this.details.detailsOf(operation, manager);
      const recorded = await this.transactions.record(manager, {
        deploymentId: deployment.id,
        chainId: deployment.chainId,
        sourceKey: sourceKey.execution(event.txHash, operation.id),
        direction: 'OUT',
        txHash: event.txHash,
        status: event.status,
        confirmations: event.confirmations,
        operationType: TRANSACTION_TYPE_BY_OPERATION[operation.type],
        operationId: operation.id,
        fromAddress: deployment.address.display,
        currencyId: moved?.currencyId ?? null,
        amount: moved?.amount,
        toAddress: moved?.toAddress ?? null,
        blockNumber: event.blockNumber ?? null,
        fee: event.fee === undefined ? undefined : BigInt(event.fee),
      });
      const outcome = OUTCOME_BY_TX[recorded.status];
      const previousStatus = operation.storedStatus;
      const previousTxHash = operation.txHash;
      const changed = operation.applyExecution(outcome, event.txHash);
      if (!changed && operation.txHash === previousTxHash) continue;
      await this.operations.save(manager, operation);
      await this.queue.notifyIfChanged(
        manager,
        operation,
        previousStatus,
        outcome === 'EXECUTED' ? 'executed' : outcome === 'FAILED' ? 'failed' : 'execution_seen',
        true,
      );
      if (!changed || outcome !== 'EXECUTED') continue;

      // A config change reported after a later execution is history: the later state stands.
      const isLatest = operation.nonce >= deployment.lastExecutedNonce;
      deployment.recordExecution(operation.nonce);
      deploymentChanged = true;
      for (const rival of await this.operations.findLiveForUpdate(
        manager,
        deployment.id,
        deployment.networkType,
        operation.nonce,
      )) {
        // An operation this same transaction executed is not a rival, whatever order we meet them in.
        if (namedIds.has(rival.id)) continue;
        const rivalStatus = rival.storedStatus;
        if (rival.cancelAsNonceConsumed()) {
          await this.operations.save(manager, rival);
          await this.queue.notifyIfChanged(manager, rival, rivalStatus, 'nonce_consumed');
        }
      }
      if (operation.type === 'MULTISIG_CONFIG_CHANGE' && isLatest) {
        const payload = operation.toProps().payload as { approvers: string[]; threshold: number };
        deployment.changeSigners(
          payload.approvers.map((approver) => Address.parse(approver, deployment.networkType, 'approvers')),
          payload.threshold,
        );
        signersChanged = true;
      }
    }

    if (deploymentChanged) await this.deployments.saveExecutionState(manager, deployment);
    if (signersChanged) await this.queue.reevaluateLiveOperations(manager, deployment);
    return 'applied';
  }
}
