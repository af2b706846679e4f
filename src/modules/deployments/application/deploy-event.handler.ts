import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { canDeploymentTransition, DeploymentStatus } from '../domain/deployment-status';
import { TransactionStatus } from '../../../shared/domain/transaction-status';
import { DeploymentRepository } from '../domain/deployment.repository';
import { TransactionRecorder } from './transaction-recorder';
import { DeployEventDto } from '../../chain/application/chain-event.dto';
import { ChainEventHandler, HandlerOutcome } from '../../chain/application/chain-event-handler';
import { sourceKey } from '../../chain/application/transaction-identity';

/** Where a deploy transaction's status takes the wallet. */
const DEPLOYMENT_STATUS_BY_TX: Record<TransactionStatus, DeploymentStatus> = {
  PENDING: 'pending',
  EXECUTED: 'deployed',
  CONFIRMED: 'deployed',
  FAILED: 'not_deployed',
};

/** `deploy` events: the wallet's deployment status, and a `deploy` transaction (docs/chain-events.md). */
@Injectable()
export class DeployEventHandler implements ChainEventHandler<DeployEventDto> {
  readonly kind = 'deploy';

  constructor(
    private readonly deployments: DeploymentRepository,
    private readonly transactions: TransactionRecorder,
  ) {}

  async apply(event: DeployEventDto, manager: EntityManager): Promise<HandlerOutcome> {
    const deployment = await this.deployments.lockByAddress(manager, event.chainId, event.deploymentAddress);
    if (deployment === undefined) return 'not-mine';
    const recorded = await this.transactions.record(manager, {
      deploymentId: deployment.id,
      chainId: event.chainId,
      sourceKey: sourceKey.deploy(event.txHash),
      direction: 'OUT',
      txHash: event.txHash,
      status: event.status,
      confirmations: event.confirmations ?? 0,
      operationType: 'deploy',
    });
    // The transaction's (forward-only) status decides, so a late PENDING cannot undo a deploy.
    const target = DEPLOYMENT_STATUS_BY_TX[recorded.status];
    if (canDeploymentTransition(deployment.status, target)) {
      await this.deployments.saveStatus(manager, deployment.id, target);
    }
    return 'applied';
  }
}
