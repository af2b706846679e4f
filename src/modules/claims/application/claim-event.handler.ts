import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InvoiceCallbacks } from '../../billing/application/invoice-callbacks';
import { ClaimEventDto } from '../../chain/application/chain-event.dto';
import { ChainEventHandler, HandlerOutcome } from '../../chain/application/chain-event-handler';
import { sourceKey } from '../../chain/application/transaction-identity';
import { DeploymentsService } from '../../deployments/application/deployments.service';
import { TransactionRecorder } from '../../deployments/application/transaction-recorder';
import { Address } from '../../../shared/domain/address';
import { isMined } from '../../../shared/domain/transaction-status';
import { ClaimRepository } from '../domain/claim.repository';

/**
 * `claim` events: the wallet swept the deposit accounts `invoiceNonces` in one currency, into itself
 * (`claim`) or to `toAddress` (`claimTo`). Records the `claim` OUT transaction (its amount is what was
 * claimable when first seen; its `toAddress` where the money went) and, once the claim is mined,
 * marks those deposits claimed: the chain has swept them, so no list offers them again. A PENDING
 * claim only records.
 */
@Injectable()
export class ClaimEventHandler implements ChainEventHandler<ClaimEventDto> {
  readonly kind = 'claim';

  constructor(
    private readonly claims: ClaimRepository,
    private readonly deployments: DeploymentsService,
    private readonly transactions: TransactionRecorder,
    private readonly invoiceCallbacks: InvoiceCallbacks,
  ) {}

  async apply(event: ClaimEventDto, manager: EntityManager): Promise<HandlerOutcome> {
    const deployment = await this.deployments.lockByAddress(manager, event.chainId, event.deploymentAddress);
    if (deployment === undefined) return 'not-mine';
    const currencyId = event.currencyId;
    const invoiceNonces = storedInvoiceNonces(event.invoiceNonces);
    const amount = await this.claims.claimableSum(manager, deployment.id, currencyId, invoiceNonces);
    const recipient =
      event.toAddress === undefined ? deployment.address : Address.parse(event.toAddress, deployment.networkType);
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
      fromAddress: deployment.address.display,
      toAddress: recipient.display,
    });
    if (!isMined(recorded.status)) return 'applied';
    const invoiceIds = await this.claims.invoiceIdsByNonce(manager, deployment.id, invoiceNonces);
    const claimed = await this.transactions.markClaimed(manager, {
      deploymentId: deployment.id,
      currencyId,
      invoiceIds,
    });
    await this.invoiceCallbacks.announceClaimed(manager, deployment.id, claimed);
    return 'applied';
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
