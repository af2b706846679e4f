import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { CatalogService } from '../../catalog/catalog.service';
import { DeploymentRepository } from '../domain/deployment.repository';
import { TransactionRecorder } from './transaction-recorder';
import { TransferEventDto } from '../../chain/application/chain-event.dto';
import { byChain, ChainEventHandler, HandlerOutcome, LockedAhead } from '../../chain/application/chain-event-handler';
import { Deployment } from '../domain/deployment';
import { sourceKey } from '../../chain/application/transaction-identity';

/** Whether `address` is one of the deployment's own deposit (invoice) addresses. */
export type OwnDepositAddressCheck = (
  manager: EntityManager,
  deployment: { readonly id: string; readonly chainId: string },
  address: Address,
) => Promise<boolean>;

/** What a transfer from a wallet's own deposit address is told, whoever reports it. */
export const SWEEP_IGNORED =
  "a transfer from the deployment's own deposit address is a claim's sweep: the claim event records it";

/**
 * `transfer` events to a deployment's own address: a `direct_deposit` (IN) transaction.
 * Transfers to invoice addresses belong to the invoices context's handler; both run for every
 * transfer and each leaves recipients that are not its own.
 *
 * A transfer into the wallet from one of its own deposit addresses is a claim sweeping that deposit
 * account (an ERC-20 claim shows as a token `Transfer`; a native claim as an internal transfer some
 * reporters see). Its money was counted as the invoice deposit it came from, and the `claim` event
 * marks that deposit claimed, so it is never a direct deposit. Billing knows the deposit addresses
 * and registers the check at start-up (it builds on this context, so this one cannot ask it).
 */
@Injectable()
export class DepositTransferHandler implements ChainEventHandler<TransferEventDto> {
  readonly kind = 'transfer';
  private isOwnDepositAddress: OwnDepositAddressCheck = () => Promise.resolve(false);
  private readonly lockedAhead = new LockedAhead<Deployment>();

  constructor(
    private readonly deployments: DeploymentRepository,
    private readonly transactions: TransactionRecorder,
    private readonly catalog: CatalogService,
  ) {}

  recogniseSweepsWith(check: OwnDepositAddressCheck): void {
    this.isOwnDepositAddress = check;
  }

  /** Locks the group's recipients that are deployments, and their deposits' rows, a statement each. */
  async prepare(events: readonly TransferEventDto[], manager: EntityManager): Promise<void> {
    for (const [chainId, transfers] of byChain(events)) {
      const hexes = [...new Set(transfers.map((event) => recipientHex(event)).filter((hex) => hex !== undefined))];
      const found = await this.deployments.lockManyByAddress(manager, chainId, hexes);
      for (const hex of hexes) this.lockedAhead.remember(manager, `${chainId} ${hex}`, found.get(hex));
      const ours = transfers.filter((event) => found.has(recipientHex(event) ?? ''));
      await this.transactions.prefetch(
        manager,
        chainId,
        ours.map((event) => sourceKey.transfer(event.txHash, event.logIndex, event.blockHash)),
      );
    }
  }

  async apply(event: TransferEventDto, manager: EntityManager): Promise<HandlerOutcome> {
    // The intake let through only a catalog chain, a catalog currency of it and its addresses.
    const network = this.catalog.findNetwork(event.chainId);
    if (network === undefined) return 'not-mine';
    const ahead = this.lockedAhead.take(manager, `${event.chainId} ${recipientHex(event)}`);
    const deployment =
      ahead === undefined ? await this.deployments.lockByAddress(manager, event.chainId, event.toAddress) : ahead;
    if (deployment === undefined || deployment === null) return 'not-mine';
    const from = Address.parse(event.fromAddress, network.networkType, 'fromAddress');
    const to = Address.parse(event.toAddress, network.networkType, 'toAddress');
    if (await this.isOwnDepositAddress(manager, deployment, from)) return { ignored: SWEEP_IGNORED };
    await this.transactions.recordTransferIn(manager, event, {
      deploymentId: deployment.id,
      operationType: 'direct_deposit',
      fromAddress: from.display,
      toAddress: to.display,
    });
    return 'applied';
  }

  /** Writes the group's deposits (`TransactionRecorder.flush`). */
  finish(manager: EntityManager): Promise<void> {
    return this.transactions.flush(manager);
  }
}

function recipientHex(event: TransferEventDto): string | undefined {
  return Address.tryParseAny(event.toAddress)?.hex20;
}
