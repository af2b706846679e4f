import { DomainError } from '../../../shared/domain/domain-error';

export const INVOICE_STATUSES = ['CREATED', 'PAID', 'UNRESOLVED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Which status may follow which (docs/contract.md, Invoices). Deposits move CREATED to PAID (paid in full) or
 * UNRESOLVED (overpaid, or a currency the invoice does not accept), and PAID to UNRESOLVED (paid
 * again). Only a person resolves: UNRESOLVED → PAID, or CREATED → PAID by hand.
 */
export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  CREATED: ['PAID', 'UNRESOLVED'],
  PAID: ['UNRESOLVED'],
  UNRESOLVED: ['PAID'],
};

/**
 * Whether the payer has nothing left to do: paid, or the merchant has to look at what arrived. The
 * payment page and its event stream stop here. A person may still move the invoice on (UNRESOLVED →
 * PAID), and a late deposit may make a PAID invoice UNRESOLVED; both are the merchant's business.
 */
export function isFinalForPayer(status: InvoiceStatus): boolean {
  return status !== 'CREATED';
}

/** The statuses a client may set through PUT (endpoint 13); the table still has to allow the step. */
export const MANUAL_INVOICE_STATUSES: readonly InvoiceStatus[] = ['PAID'];

export function assertInvoiceTransition(from: InvoiceStatus, to: InvoiceStatus): void {
  if (!INVOICE_TRANSITIONS[from].includes(to)) {
    throw DomainError.field('status', `status cannot change from ${from} to ${to}`, 'INVOICE_STATUS_TRANSITION');
  }
}
