import { Amount } from '../../../shared/domain/amount';
import type { PublicDeposit } from '../domain/invoice.repository';

/**
 * What an invoice still asks of the payer in one currency, computed once from the invoice's base
 * units and its deposits. Every place the payment page asks for money (the amount and its copy
 * button, the QR code, the wallet link, the headings) shows `toSend`, so a payer who copies the
 * amount sends exactly what the QR code asks for.
 */
export interface AmountDue {
  /** The invoice's total; null for "any amount". */
  readonly requested: Amount | null;
  /** Confirmed deposits, counted toward the total. */
  readonly paid: Amount;
  /** Deposits in this currency still confirming: not counted yet, and not asked for again. */
  readonly confirming: Amount;
  /** The total less what is paid, never below zero; null for "any amount". */
  readonly unpaid: Amount | null;
  /** What to send now: the unpaid part less what is confirming, never below zero; null for "any amount". */
  readonly toSend: Amount | null;
}

export function amountDue(
  invoice: { readonly requestedAmount: bigint | null; readonly paidAmount: bigint },
  deposits: readonly PublicDeposit[],
  currency: { readonly id: string; readonly decimals: number },
): AmountDue {
  const confirming = deposits
    .filter((d) => d.currencyId === currency.id && d.status !== 'CONFIRMED' && d.status !== 'FAILED')
    .reduce((sum, d) => sum + d.amount, 0n);
  const requested = invoice.requestedAmount;
  const unpaid = requested === null ? null : atLeastZero(requested - invoice.paidAmount);
  const toSend = unpaid === null ? null : atLeastZero(unpaid - confirming);
  const of = (units: bigint) => Amount.fromBaseUnits(units, currency.decimals);
  return {
    requested: requested === null ? null : of(requested),
    paid: of(invoice.paidAmount),
    confirming: of(confirming),
    unpaid: unpaid === null ? null : of(unpaid),
    toSend: toSend === null ? null : of(toSend),
  };
}

function atLeastZero(units: bigint): bigint {
  return units > 0n ? units : 0n;
}
