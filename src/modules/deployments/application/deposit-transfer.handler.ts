import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { CatalogService } from '../../catalog/catalog.service';
import { DeploymentRepository } from '../domain/deployment.repository';
import { TransactionRecorder } from './transaction-recorder';
import { TransferEventDto } from '../../chain/application/chain-event.dto';
import { ChainEventHandler } from '../../chain/application/chain-event-handler';
import { sourceKey } from '../../chain/application/transaction-identity';

/**
 * `transfer` events to a deployment's own address: a `direct_deposit` (IN) transaction (SPEC §10).
 * Transfers to invoice addresses belong to the invoices context's handler; both run for every
 * transfer and each ignores recipients that are not its own.
 */
@Injectable()
export class DepositTransferHandler implements ChainEventHandler<TransferEventDto> {
  readonly kind = 'transfer';

  constructor(
    private readonly deployments: DeploymentRepository,
    private readonly transactions: TransactionRecorder,
    private readonly catalog: CatalogService,
  ) {}

  async apply(event: TransferEventDto, manager: EntityManager): Promise<void> {
    // The intake let through only a catalog chain and a catalog currency of it.
    const network = this.catalog.findNetwork(event.chainId);
    if (network === undefined) return;
    const deployment = await this.deployments.lockByAddress(manager, event.chainId, event.toAddress);
    if (deployment === undefined) return;
    const from = Address.tryParse(event.fromAddress, network.networkType);
    if (from === undefined)
      throw DomainError.invalid('INVALID_ADDRESS', `fromAddress is not a ${network.networkType} address`);
    const to = Address.parse(event.toAddress, network.networkType, 'toAddress');
    await this.transactions.record(manager, {
      deploymentId: deployment.id,
      chainId: event.chainId,
      sourceKey: sourceKey.transfer(event.txHash, event.logIndex, event.blockHash),
      direction: 'IN',
      txHash: event.txHash,
      status: event.status,
      confirmations: event.confirmations,
      operationType: 'direct_deposit',
      currencyId: event.currencyId,
      amount: BigInt(event.amount),
      fromAddress: from.display,
      toAddress: to.display,
      blockNumber: event.blockNumber ?? null,
      fee: event.fee === undefined ? undefined : BigInt(event.fee),
    });
  }
}
