import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { Invoice, InvoiceCurrency, InvoiceTerms } from './invoice';
import { INVOICE_TRANSITIONS } from './invoice-status';
import { newPublicId } from './public-id';

const USDT: InvoiceCurrency = { id: '1-0xdac17f958d2ee523a2206206994597c13d831ec7', decimals: 6 };
const ETH: InvoiceCurrency = { id: '1', decimals: 18 };
const NOW = new Date('2026-01-01T00:00:00.000Z');

function invoice(terms: Partial<InvoiceTerms> = {}): Invoice {
  return Invoice.create(
    {
      id: 'i',
      deploymentId: 'd',
      chainId: '1',
      networkType: 'evm',
      publicId: 1n,
      invoiceNonce: 0n,
      invoiceAddress: Address.fromHex20('0x0000000000000000000000000000000000000001', 'evm'),
    },
    {
      requestedAmount: '10',
      currencies: [USDT],
      trackingId: null,
      callbackUrl: null,
      paymentPageButtonUrl: null,
      paymentPageButtonText: null,
      ...terms,
    },
    NOW,
  );
}

function code(fn: () => void): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as DomainError).code;
  }
  return undefined;
}

const settled = (paidTotal: bigint, accepted = true) => ({ newlySettled: true, accepted, paidTotal });

describe('Invoice', () => {
  it('keeps the requested amount in base units of its one currency', () => {
    expect(invoice({ requestedAmount: '12.5' }).requestedAmount).toBe(12_500_000n);
  });

  it.each([
    [{ requestedAmount: '0' }, 'INVALID_AMOUNT'],
    [{ requestedAmount: '1.0000001' }, 'INVALID_AMOUNT'],
    [{ requestedAmount: '1', currencies: [USDT, ETH] }, 'INVOICE_AMOUNT_NEEDS_ONE_CURRENCY'],
    [{ requestedAmount: null, currencies: [] }, 'VALIDATION_FAILED'],
  ])('refuses %p', (terms, expected) => {
    expect(code(() => invoice(terms))).toBe(expected);
  });

  it('goes CREATED → PAID when paid exactly, PAID → UNRESOLVED when paid again', () => {
    const inv = invoice();
    inv.applyDeposit(settled(4_000_000n), NOW);
    expect(inv.status).toBe('CREATED');
    inv.applyDeposit(settled(10_000_000n), NOW);
    expect(inv.status).toBe('PAID');
    inv.applyDeposit(settled(10_000_001n), NOW);
    expect(inv.status).toBe('UNRESOLVED');
  });

  it('is UNRESOLVED when overpaid, or paid in a currency it does not accept', () => {
    const over = invoice();
    over.applyDeposit(settled(11_000_000n), NOW);
    expect(over.status).toBe('UNRESOLVED');
    const foreign = invoice({ requestedAmount: null });
    foreign.applyDeposit(settled(0n, false), NOW);
    expect(foreign.status).toBe('UNRESOLVED');
  });

  it('stays CREATED without a requested amount, and ignores deposits that are not newly settled', () => {
    const open = invoice({ requestedAmount: null });
    open.applyDeposit(settled(99n), NOW);
    expect(open.status).toBe('CREATED');
    const paid = invoice();
    paid.applyDeposit(settled(11_000_000n), NOW);
    paid.markStatus('PAID', NOW);
    paid.applyDeposit({ newlySettled: false, accepted: true, paidTotal: 11_000_000n }, NOW);
    expect(paid.status).toBe('PAID');
    expect(paid.paidAmount).toBe(11_000_000n);
  });

  it('allows manual PAID from CREATED and UNRESOLVED, a same-status no-op, nothing else', () => {
    const inv = invoice();
    inv.markStatus('CREATED', NOW);
    expect(code(() => inv.markStatus('UNRESOLVED', NOW))).toBe('INVOICE_STATUS_TRANSITION');
    inv.markStatus('PAID', NOW);
    expect(inv.status).toBe('PAID');
    expect(code(() => inv.markStatus('CREATED', NOW))).toBe('INVOICE_STATUS_TRANSITION');
    expect(INVOICE_TRANSITIONS.PAID).not.toContain('CREATED');
  });

  it('freezes amount and currencies once a deposit arrived, not the other terms', () => {
    const inv = invoice();
    expect(code(() => inv.revise({ requestedAmount: '11' }, true, NOW))).toBe('INVOICE_TERMS_LOCKED');
    expect(code(() => inv.revise({ currencies: [ETH] }, true, NOW))).toBe('INVOICE_TERMS_LOCKED');
    inv.revise({ requestedAmount: '10', trackingId: 'abc' }, true, NOW);
    expect(inv.toProps().trackingId).toBe('abc');
  });

  it('carries the whole-unit amount over when the currency changes', () => {
    const inv = invoice({ requestedAmount: '1.5' });
    inv.revise({ currencies: [ETH] }, false, NOW);
    expect(inv.requestedAmount).toBe(1_500_000_000_000_000_000n);
    expect(code(() => inv.revise({ currencies: [ETH, USDT] }, false, NOW))).toBe('INVOICE_AMOUNT_NEEDS_ONE_CURRENCY');
  });

  it('makes positive, time-ordered 63-bit public ids', () => {
    const early = newPublicId(1_700_000_000_000);
    const late = newPublicId(1_700_000_000_001);
    expect(early > 0n && late < 1n << 63n && early < late).toBe(true);
  });
});
