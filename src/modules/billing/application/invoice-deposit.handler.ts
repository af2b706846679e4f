import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { TransferEventDto } from '../../chain/application/chain-event.dto';
import { byChain, ChainEventHandler, HandlerOutcome } from '../../chain/application/chain-event-handler';
import { Invoice } from '../domain/invoice';
import { sourceKey } from '../../chain/application/transaction-identity';
import { TransactionRecorder } from '../../deployments/application/transaction-recorder';
import { countsAsMoney, TransactionStatus } from '../../../shared/domain/transaction-status';
import { InvoiceRepository } from '../domain/invoice.repository';
import { InvoiceCallbacks } from './invoice-callbacks';

/** A group's invoices as its transaction holds them (locked), from `prepare` to `finish`. */
interface HeldInvoices {
  /** By `${chainId} ${addressHex}`; null when no invoice has that address. */
  readonly byAddress: Map<string, Invoice | null>;
  /** Settled deposits per invoice id and currency id, kept up to date as the group records deposits. */
  readonly settled: Map<string, Map<string, bigint>>;
  readonly changed: Set<Invoice>;
}

/**
 * `transfer` events to an invoice address (docs/contract.md, Invoices): the deposit is recorded as an IN
 * transaction and the invoice's paid amount and status follow, all in the event's transaction with
 * the invoice row locked, so concurrent deposits to one invoice are counted one after the other.
 * Transfers to any other address are not billing's (the direct-deposit handler may take them).
 *
 * The intake always prepares (`prepare`) and finishes (`finish`) the events it applies together, so
 * an invoice and its settled deposits are read once per group, kept in memory while the group's
 * events change them (the rows stay locked), and written back in one statement at its end.
 */
@Injectable()
export class InvoiceDepositHandler implements ChainEventHandler<TransferEventDto> {
  readonly kind = 'transfer';
  private readonly held = new WeakMap<EntityManager, HeldInvoices>();

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly transactions: TransactionRecorder,
    private readonly callbacks: InvoiceCallbacks,
  ) {}

  /** Locks the group's recipients that are invoices, reads their settled deposits, and locks their deposits' rows. */
  async prepare(events: readonly TransferEventDto[], manager: EntityManager): Promise<void> {
    const unit = this.invoices.within(manager);
    const held: HeldInvoices = { byAddress: new Map(), settled: new Map(), changed: new Set() };
    for (const [chainId, transfers] of byChain(events)) {
      const hexes = [...new Set(transfers.map((event) => recipientHex(event)).filter((hex) => hex !== undefined))];
      const found = await unit.findManyByAddressForUpdate(chainId, hexes);
      for (const hex of hexes) held.byAddress.set(`${chainId} ${hex}`, found.get(hex) ?? null);
      const settled = await unit.settledByCurrencyOfMany([...found.values()].map((invoice) => invoice.id));
      for (const invoice of found.values())
        held.settled.set(invoice.id, settled.get(invoice.id) ?? new Map<string, bigint>());
      const ours = transfers.filter((event) => found.has(recipientHex(event) ?? ''));
      await this.transactions.prefetch(
        manager,
        chainId,
        ours.map((event) => sourceKey.transfer(event.txHash, event.logIndex, event.blockHash)),
      );
    }
    this.held.set(manager, held);
  }

  async apply(event: TransferEventDto, manager: EntityManager): Promise<HandlerOutcome> {
    const held = this.held.get(manager);
    if (held === undefined) throw new Error('InvoiceDepositHandler.apply before prepare');
    const recipient = recipientHex(event);
    const invoice = recipient === undefined ? undefined : held.byAddress.get(`${event.chainId} ${recipient}`);
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
    const settled = held.settled.get(props.id) ?? new Map<string, bigint>();
    held.settled.set(props.id, settled);
    const counted = (status: TransactionStatus | undefined): bigint =>
      status !== undefined && countsAsMoney(status) ? recorded.amount : 0n;
    // What the invoice's settled deposits are made of: its own rows only (a rival writer may have
    // recorded the same transfer otherwise).
    const change = recorded.invoiceId === props.id ? counted(recorded.status) - counted(recorded.previousStatus) : 0n;
    if (change !== 0n && recorded.currencyId !== null)
      settled.set(recorded.currencyId, (settled.get(recorded.currencyId) ?? 0n) + change);
    const newlySettled =
      countsAsMoney(recorded.status) &&
      (recorded.previousStatus === undefined || !countsAsMoney(recorded.previousStatus));
    const paidTotal = invoice.currencies.reduce((sum, currency) => sum + (settled.get(currency.id) ?? 0n), 0n);
    invoice.applyDeposit({ newlySettled, accepted: invoice.accepts(currencyId), paidTotal }, new Date());
    held.changed.add(invoice);
    await this.callbacks.announce(
      manager,
      invoice,
      this.callbacks.depositEvents(recorded.previousStatus, recorded.status, statusBefore, invoice.status),
      settled,
    );
    return 'applied';
  }

  /** Writes the group's deposits, then its invoices, a statement each. */
  async finish(manager: EntityManager): Promise<void> {
    const held = this.held.get(manager);
    this.held.delete(manager);
    await this.transactions.flush(manager);
    if (held !== undefined) await this.invoices.within(manager).saveAll([...held.changed]);
  }
}
function recipientHex(event: TransferEventDto): string | undefined {
  return Address.tryParseAny(event.toAddress)?.hex20;
}
