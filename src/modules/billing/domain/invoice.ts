import { Address, NetworkType } from '../../../shared/domain/address';
import { Amount } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';
import { assertInvoiceTransition, InvoiceStatus, MANUAL_INVOICE_STATUSES } from './invoice-status';

/** A currency as the invoice needs it: its id and how many fraction digits its amounts have. */
export interface InvoiceCurrency {
  readonly id: string;
  readonly decimals: number;
}

export interface InvoiceProps {
  readonly id: string;
  readonly deploymentId: string;
  readonly chainId: string;
  readonly networkType: NetworkType;
  /** Unique 63-bit time-ordered number, shown in the payment page URL. */
  readonly publicId: bigint;
  /** The deposit account's id on chain (CREATE2 salt); claims name invoices by it. */
  readonly invoiceNonce: bigint;
  readonly invoiceAddress: Address;
  /** Base units of the only currency; null for "any amount". */
  readonly requestedAmount: bigint | null;
  readonly currencies: readonly InvoiceCurrency[];
  readonly trackingId: string | null;
  readonly callbackUrl: string | null;
  readonly paymentPageButtonUrl: string | null;
  readonly paymentPageButtonText: string | null;
  readonly status: InvoiceStatus;
  /** Sum of settled deposits in the invoice's currencies, base units. */
  readonly paidAmount: bigint;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The client-editable terms of an invoice (create, and PUT where a key is present). */
export interface InvoiceTerms {
  readonly requestedAmount?: string | null;
  readonly currencies?: readonly InvoiceCurrency[];
  readonly trackingId?: string | null;
  readonly callbackUrl?: string | null;
  readonly paymentPageButtonUrl?: string | null;
  readonly paymentPageButtonText?: string | null;
}

/** What one deposit observation means for its invoice. */
export interface DepositOutcome {
  /** The deposit became EXECUTED/CONFIRMED with this observation (it did not count before). */
  readonly newlySettled: boolean;
  /** Its currency is one the invoice accepts. */
  readonly accepted: boolean;
  /** Settled deposits in accepted currencies, after this one. */
  readonly paidTotal: bigint;
}

/**
 * An invoice: a deposit address with the terms it was issued under. Guards the amount rules
 * (an amount needs exactly one currency and fits its decimals), the status table, and freezes the
 * amount and currencies once money has arrived.
 */
export class Invoice {
  private constructor(private props: InvoiceProps) {}

  static create(
    identity: Pick<
      InvoiceProps,
      'id' | 'deploymentId' | 'chainId' | 'networkType' | 'publicId' | 'invoiceNonce' | 'invoiceAddress'
    >,
    terms: Required<InvoiceTerms>,
    now: Date,
  ): Invoice {
    const currencies = uniqueCurrencies(terms.currencies);
    return new Invoice({
      ...identity,
      requestedAmount: requestedAmountIn(terms.requestedAmount, currencies),
      currencies,
      trackingId: terms.trackingId,
      callbackUrl: terms.callbackUrl,
      paymentPageButtonUrl: terms.paymentPageButtonUrl,
      paymentPageButtonText: buttonText(terms.paymentPageButtonText),
      status: 'CREATED',
      paidAmount: 0n,
      createdAt: now,
      updatedAt: now,
    });
  }

  static restore(props: InvoiceProps): Invoice {
    return new Invoice(props);
  }

  toProps(): InvoiceProps {
    return this.props;
  }

  get id(): string {
    return this.props.id;
  }
  get status(): InvoiceStatus {
    return this.props.status;
  }
  get currencies(): readonly InvoiceCurrency[] {
    return this.props.currencies;
  }
  get requestedAmount(): bigint | null {
    return this.props.requestedAmount;
  }
  get paidAmount(): bigint {
    return this.props.paidAmount;
  }

  accepts(currencyId: string): boolean {
    return this.props.currencies.some((currency) => currency.id === currencyId);
  }

  /**
   * PUT (endpoint 13): keys present replace, absent keys stay. The amount and the currencies are
   * the deal the payer saw, so they change only while no deposit has arrived.
   */
  revise(terms: InvoiceTerms, hasDeposits: boolean, now: Date): void {
    const currencies = terms.currencies === undefined ? this.props.currencies : uniqueCurrencies(terms.currencies);
    const currenciesChange = !sameCurrencies(currencies, this.props.currencies);
    let requestedAmount = this.props.requestedAmount;
    if (terms.requestedAmount !== undefined) {
      requestedAmount = requestedAmountIn(terms.requestedAmount, currencies);
    } else if (currenciesChange && requestedAmount !== null) {
      // The stored amount is in the old currency's base units: carry the whole-unit value over.
      const shown = Amount.fromBaseUnits(BigInt(requestedAmount), this.props.currencies[0].decimals).toDecimalString();
      requestedAmount = requestedAmountIn(shown, currencies);
    }
    if (hasDeposits && (currenciesChange || requestedAmount !== this.props.requestedAmount)) {
      const field = currenciesChange ? 'currencyIds' : 'requestedAmount';
      throw DomainError.field(field, `${field} cannot change once a deposit has arrived`, 'INVOICE_TERMS_LOCKED');
    }
    this.props = {
      ...this.props,
      requestedAmount,
      currencies,
      trackingId: terms.trackingId === undefined ? this.props.trackingId : terms.trackingId,
      callbackUrl: terms.callbackUrl === undefined ? this.props.callbackUrl : terms.callbackUrl,
      paymentPageButtonUrl:
        terms.paymentPageButtonUrl === undefined ? this.props.paymentPageButtonUrl : terms.paymentPageButtonUrl,
      paymentPageButtonText:
        terms.paymentPageButtonText === undefined
          ? this.props.paymentPageButtonText
          : buttonText(terms.paymentPageButtonText),
      updatedAt: now,
    };
  }

  /** A manual status change: only to PAID (CREATED → PAID, UNRESOLVED → PAID); the same status is a no-op. */
  markStatus(target: InvoiceStatus, now: Date): void {
    if (target === this.props.status) return;
    if (!MANUAL_INVOICE_STATUSES.includes(target)) {
      throw DomainError.field(
        'status',
        `status can only be set to ${MANUAL_INVOICE_STATUSES.join(', ')}`,
        'INVOICE_STATUS_TRANSITION',
      );
    }
    this.moveTo(target, now);
  }

  /**
   * A deposit was observed (docs/contract.md, Invoices). Only a deposit that has just started to count can change the
   * status, so a later observation of an old deposit (more confirmations) never undoes a manual PAID.
   */
  applyDeposit(outcome: DepositOutcome, now: Date): void {
    this.props = { ...this.props, paidAmount: outcome.paidTotal, updatedAt: now };
    if (!outcome.newlySettled) return;
    const target = this.statusAfterDeposit(outcome);
    if (target !== this.props.status) this.moveTo(target, now);
  }

  private statusAfterDeposit(outcome: DepositOutcome): InvoiceStatus {
    if (!outcome.accepted) return 'UNRESOLVED';
    if (this.props.status !== 'CREATED') return 'UNRESOLVED';
    const requested = this.props.requestedAmount;
    if (requested === null || outcome.paidTotal < requested) return 'CREATED';
    return outcome.paidTotal === requested ? 'PAID' : 'UNRESOLVED';
  }

  private moveTo(target: InvoiceStatus, now: Date): void {
    assertInvoiceTransition(this.props.status, target);
    this.props = { ...this.props, status: target, updatedAt: now };
  }
}

function requestedAmountIn(input: string | null, currencies: readonly InvoiceCurrency[]): bigint | null {
  if (input === null) return null;
  if (typeof input !== 'string')
    throw DomainError.field('requestedAmount', 'requestedAmount must be a decimal string or null', 'INVALID_AMOUNT');
  if (currencies.length !== 1) {
    throw DomainError.field(
      'requestedAmount',
      'requestedAmount needs exactly one currency in currencyIds',
      'INVOICE_AMOUNT_NEEDS_ONE_CURRENCY',
    );
  }
  const amount = Amount.parse(input, currencies[0].decimals, 'requestedAmount');
  if (amount.isZero())
    throw DomainError.field('requestedAmount', 'requestedAmount must be greater than 0', 'INVALID_AMOUNT');
  return amount.baseUnits;
}

function uniqueCurrencies(currencies: readonly InvoiceCurrency[]): InvoiceCurrency[] {
  if (currencies.length === 0) throw DomainError.field('currencyIds', 'currencyIds must name at least one currency');
  return [...new Map(currencies.map((currency) => [currency.id, currency])).values()];
}

function sameCurrencies(a: readonly InvoiceCurrency[], b: readonly InvoiceCurrency[]): boolean {
  const left = a.map((currency) => currency.id).sort();
  const right = b.map((currency) => currency.id).sort();
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/** An empty (or blank) button text is no button: stored as null, never as an empty button. */
function buttonText(text: string | null): string | null {
  return text === null || text.trim() === '' ? null : text;
}
