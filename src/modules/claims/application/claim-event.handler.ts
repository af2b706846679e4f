import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CatalogService } from '../../catalog/catalog.service';
import { ClaimEventDto } from '../../deployments/application/chain-events/chain-event.dto';
import { ChainEventHandler } from '../../deployments/application/chain-events/chain-event-handler';
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
    const invoiceNonces = storedInvoiceNonces(event.invoiceNonces);
    const amount = await this.queries.claimableSum(manager, deployment.id, currencyId, invoiceNonces);
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
    if (isSettled(recorded.status)) await this.queries.markClaimed(manager, deployment.id, currencyId, invoiceNonces);
  }
}

const MAX_STORED_NONCE = (1n << 63n) - 1n;

/**
 * The claimed deposit ids as the decimal `bigint` invoice nonces they are stored as: decimal and
 * 64-hex-digit (bytes32) forms name the same nonce; ids beyond the column's range name no invoice.
 */
export function storedInvoiceNonces(ids: readonly string[]): string[] {
  return ids
    .map((id) => BigInt(/^\d+$/.test(id) ? id : `0x${id.replace(/^0x/i, '')}`))
    .filter((nonce) => nonce <= MAX_STORED_NONCE)
    .map((nonce) => nonce.toString());
}
