import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { TransferEventDto } from '../../chain/application/chain-event.dto';
import { byChain, ChainEventHandler, HandlerOutcome, LockedAhead } from '../../chain/application/chain-event-handler';
import { Invoice } from '../domain/invoice';
import { sourceKey } from '../../chain/application/transaction-identity';
import { TransactionRecorder } from '../../deployments/application/transaction-recorder';
import { countsAsMoney } from '../../../shared/domain/transaction-status';
import { InvoiceRepository } from '../domain/invoice.repository';
import { InvoiceCallbacks } from './invoice-callbacks';

/**
 * `transfer` events to an invoice address (docs/contract.md, Invoices): the deposit is recorded as an IN
 * transaction and the invoice's paid amount and status follow, all in the event's transaction with
 * the invoice row locked, so concurrent deposits to one invoice are counted one after the other.
 * Transfers to any other address are not billing's (the direct-deposit handler may take them).
 */
@Injectable()
export class InvoiceDepositHandler implements ChainEventHandler<TransferEventDto> {
  readonly kind = 'transfer';
  private readonly lockedAhead = new LockedAhead<Invoice>();

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly transactions: TransactionRecorder,
    private readonly callbacks: InvoiceCallbacks,
  ) {}

  /** Locks the group's recipients that are invoices, and their deposits' rows, a statement each. */
  async prepare(events: readonly TransferEventDto[], manager: EntityManager): Promise<void> {
    const unit = this.invoices.within(manager);
    for (const [chainId, transfers] of byChain(events)) {
      const hexes = [...new Set(transfers.map((event) => recipientHex(event)).filter((hex) => hex !== undefined))];
      const found = await unit.findManyByAddressForUpdate(chainId, hexes);
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
    const recipient = recipientHex(event);
    if (recipient === undefined) return 'not-mine';
    const unit = this.invoices.within(manager);
    const ahead = this.lockedAhead.take(manager, `${event.chainId} ${recipient}`);
    const invoice = ahead === undefined ? await unit.findByAddressForUpdate(event.chainId, recipient) : ahead;
    if (invoice === undefined || invoice === null) return 'not-mine';
    const props = invoice.toProps();
    const statusBefore = invoice.status;
    // The intake let through only a catalog currency of the event's chain, in its canonical id, and
    // addresses of that chain.
    const currencyId = event.currencyId;
    const recorded = await this.transactions.recordTransferIn(manager, event, {
      deploymentId: props.deploymentId,
      operationType: 'invoice',
      operationId: props.id,
      invoiceId: props.id,
      fromAddress: Address.parse(event.fromAddress, props.networkType, 'fromAddress').display,
      toAddress: props.invoiceAddress.display,
    });
    const newlySettled =
      countsAsMoney(recorded.status) &&
      (recorded.previousStatus === undefined || !countsAsMoney(recorded.previousStatus));
    const paidTotal = await unit.settledTotal(
      props.id,
      invoice.currencies.map((currency) => currency.id),
    );
    invoice.applyDeposit({ newlySettled, accepted: invoice.accepts(currencyId), paidTotal }, new Date());
    await unit.save(invoice);
    await this.callbacks.announce(
      manager,
      invoice,
      this.callbacks.depositEvents(recorded.previousStatus, recorded.status, statusBefore, invoice.status),
    );
    return 'applied';
  }
}

function recipientHex(event: TransferEventDto): string | undefined {
  return Address.tryParseAny(event.toAddress)?.hex20;
}
