import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CallbackOutbox } from '../../callbacks/application/callback-outbox';
import type { CallbackEventType } from '../../callbacks/domain/callback-event';
import type { TransactionStatus } from '../../../shared/domain/transaction-status';
import type { Invoice } from '../domain/invoice';
import { InvoiceRepository } from '../domain/invoice.repository';
import type { InvoiceStatus } from '../domain/invoice-status';
import { InvoicePresenter } from './invoice-presenter';

const EVENT_BY_STATUS: Partial<Record<InvoiceStatus, CallbackEventType>> = {
  PAID: 'INVOICE_PAID',
  UNRESOLVED: 'INVOICE_UNRESOLVED',
};

/**
 * Tells an invoice's merchant what just happened to it (docs/contract.md, Merchants), inside the transaction that made
 * the change: the outbox row commits or rolls back with it. `data` is the invoice as the API would
 * show it right after the change.
 */
@Injectable()
export class InvoiceCallbacks {
  constructor(
    private readonly outbox: CallbackOutbox,
    private readonly presenter: InvoicePresenter,
    private readonly invoices: InvoiceRepository,
  ) {}

  /**
   * `settled` is the invoice's settled deposits per currency when the caller holds them (a chain
   * event group keeps them in memory until its end); else they are read.
   */
  async announce(
    manager: EntityManager,
    invoice: Invoice,
    types: readonly CallbackEventType[],
    settled?: ReadonlyMap<string, bigint>,
  ): Promise<void> {
    const p = invoice.toProps();
    if (p.callbackUrl === null || types.length === 0) return;
    const settledByCurrency = settled ?? (await this.invoices.within(manager).settledByCurrency(p.id));
    const data = this.presenter.present({ invoice, settledByCurrency });
    for (const type of types) {
      await this.outbox.enqueue(manager, {
        deploymentId: p.deploymentId,
        url: p.callbackUrl,
        type,
        operationId: p.id,
        operationType: 'invoice',
        data,
      });
    }
  }

  /** The events one status change means: only PAID and UNRESOLVED have one. */
  statusEvents(before: InvoiceStatus, after: InvoiceStatus): CallbackEventType[] {
    const event = EVENT_BY_STATUS[after];
    return before !== after && event !== undefined ? [event] : [];
  }

  /** The events one deposit observation means for its invoice, status change included. */
  depositEvents(
    previous: TransactionStatus | undefined,
    current: TransactionStatus,
    before: InvoiceStatus,
    after: InvoiceStatus,
  ): CallbackEventType[] {
    const types: CallbackEventType[] = [];
    if (previous === undefined && current !== 'FAILED') types.push('INVOICE_DEPOSIT_RECEIVED');
    if (current === 'CONFIRMED' && previous !== 'CONFIRMED') types.push('INVOICE_DEPOSIT_CONFIRMED');
    return [...types, ...this.statusEvents(before, after)];
  }

  /** Deposits of these invoices were claimed (swept to the wallet). */
  async announceClaimed(manager: EntityManager, deploymentId: string, invoiceIds: readonly string[]): Promise<void> {
    for (const invoice of await this.invoices.within(manager).findManyForUpdate(deploymentId, invoiceIds)) {
      await this.announce(manager, invoice, ['INVOICE_CLAIMED']);
    }
  }
}
