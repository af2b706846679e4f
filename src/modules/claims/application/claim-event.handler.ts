import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CatalogService } from '../../catalog/catalog.service';
import { ClaimEventDto } from '../../chain/application/chain-event.dto';
import { ChainEventHandler } from '../../chain/application/chain-event-handler';
import { lockDeploymentByAddress } from '../../deployments/application/deployment-locks';
import { TransactionRecorder } from '../../deployments/application/transaction-recorder';
import { isSettled } from '../../deployments/domain/transaction-status';
import { ClaimsQueries } from '../infrastructure/claims.queries';

/**
 * `claim` events (SPEC §9, §10): the wallet swept the deposit accounts `invoiceNonces` in one
 * currency. Records the `claim` OUT transaction (its amount is what was claimable when first seen)
 * and, once the claim is mined, marks those deposits claimed. A PENDING claim only records.
 */
@Injectable()
export class ClaimEventHandler implements ChainEventHandler<ClaimEventDto> {
  readonly kind = 'claim';

  constructor(
    private readonly queries: ClaimsQueries,
    private readonly transactions: TransactionRecorder,
    private readonly catalog: CatalogService,
  ) {}

  async apply(event: ClaimEventDto, manager: EntityManager): Promise<void> {
    const deployment = await lockDeploymentByAddress(manager, event.chainId, event.deploymentAddress);
    if (deployment === undefined) return;
    const currencyId = this.catalog.findCurrency(event.currencyId)?.id ?? event.currencyId;
    const amount = await this.queries.claimableSum(manager, deployment.id, currencyId, event.invoiceNonces);
    const recorded = await this.transactions.record(manager, {
      deploymentId: deployment.id,
      chainId: event.chainId,
      sourceKey: `${event.txHash.toLowerCase()}:claim:${currencyId}`,
      direction: 'OUT',
      txHash: event.txHash,
      status: event.status,
      confirmations: event.confirmations ?? 0,
      operationType: 'claim',
      currencyId,
      amount,
    });
    if (isSettled(recorded.status))
      await this.queries.markClaimed(manager, deployment.id, currencyId, event.invoiceNonces);
  }
}
