import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { CatalogService } from '../../catalog/catalog.service';
import { TransactionRecorder } from './transaction-recorder';
import { TransferEventDto, transferSourceKey } from '../../chain/application/chain-event.dto';
import { ChainEventHandler } from '../../chain/application/chain-event-handler';
import { lockDeploymentByAddress } from './deployment-locks';

/**
 * `transfer` events to a deployment's own address: a `direct_deposit` (IN) transaction (SPEC §10).
 * Transfers to invoice addresses belong to the invoices context's handler; both run for every
 * transfer and each ignores recipients that are not its own.
 */
@Injectable()
export class DepositTransferHandler implements ChainEventHandler<TransferEventDto> {
  readonly kind = 'transfer';

  constructor(
    private readonly transactions: TransactionRecorder,
    private readonly catalog: CatalogService,
  ) {}

  async apply(event: TransferEventDto, manager: EntityManager): Promise<void> {
    const network = this.catalog.findNetwork(event.chainId);
    if (network === undefined)
      throw DomainError.invalid('UNKNOWN_CHAIN', `chainId ${event.chainId} is not a supported network`);
    const currency = this.catalog.findCurrency(event.currencyId);
    if (currency === undefined || currency.chainId !== event.chainId) {
      throw DomainError.invalid(
        'UNKNOWN_CURRENCY',
        `currencyId ${event.currencyId} is not a currency of chain ${event.chainId}`,
      );
    }
    const deployment = await lockDeploymentByAddress(manager, event.chainId, event.toAddress);
    if (deployment === undefined) return;
    const from = Address.tryParse(event.fromAddress, network.networkType);
    if (from === undefined)
      throw DomainError.invalid('INVALID_ADDRESS', `fromAddress is not a ${network.networkType} address`);
    const to = Address.parse(event.toAddress, network.networkType, 'toAddress');
    const txHash = normaliseTxHash(event.txHash, network.networkType);
    await this.transactions.record(manager, {
      deploymentId: deployment.id,
      chainId: event.chainId,
      sourceKey: transferSourceKey(event, txHash),
      direction: 'IN',
      txHash,
      status: event.status,
      confirmations: event.confirmations,
      operationType: 'direct_deposit',
      currencyId: currency.id,
      amount: BigInt(event.amount),
      fromAddress: from.display,
      toAddress: to.display,
      blockNumber: event.blockNumber ?? null,
      fee: event.fee === undefined ? undefined : BigInt(event.fee),
    });
  }
}

/** EVM: 0x + 64 lower-case hex; Tron: 64 lower-case hex without 0x (SPEC §5). */
export function normaliseTxHash(hash: string, networkType: 'evm' | 'tvm'): string {
  const hex = hash.replace(/^0x/i, '').toLowerCase();
  return networkType === 'evm' ? `0x${hex}` : hex;
}
