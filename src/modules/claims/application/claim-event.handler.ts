import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ClaimEventDto } from '../../chain/application/chain-event.dto';
import { ChainEventHandler } from '../../chain/application/chain-event-handler';
import { sourceKey } from '../../chain/application/transaction-identity';
import { DeploymentsService } from '../../deployments/application/deployments.service';
import { TransactionRecorder } from '../../deployments/application/transaction-recorder';
import { isSettled } from '../../../shared/domain/transaction-status';
import { ClaimRepository } from '../domain/claim.repository';

/**
 * `claim` events (SPEC §9, §10): the wallet swept the deposit accounts `invoiceNonces` in one
 * currency. Records the `claim` OUT transaction (its amount is what was claimable when first seen)
 * and, once the claim is mined, marks those deposits claimed. A PENDING claim only records.
 */
@Injectable()
export class ClaimEventHandler implements ChainEventHandler<ClaimEventDto> {
  readonly kind = 'claim';

  constructor(
    private readonly claims: ClaimRepository,
    private readonly deployments: DeploymentsService,
    private readonly transactions: TransactionRecorder,
  ) {}

  async apply(event: ClaimEventDto, manager: EntityManager): Promise<void> {
    const deployment = await this.deployments.lockByAddress(manager, event.chainId, event.deploymentAddress);
    if (deployment === undefined) return;
    const currencyId = event.currencyId;
    const amount = await this.claims.claimableSum(manager, deployment.id, currencyId, event.invoiceNonces);
    const recorded = await this.transactions.record(manager, {
      deploymentId: deployment.id,
      chainId: event.chainId,
      sourceKey: sourceKey.claim(event.txHash, currencyId),
      direction: 'OUT',
      txHash: event.txHash,
      status: event.status,
      confirmations: event.confirmations ?? 0,
      operationType: 'claim',
      currencyId,
      amount,
    });
    if (isSettled(recorded.status))
      await this.claims.markClaimed(manager, deployment.id, currencyId, event.invoiceNonces);
  }
}
