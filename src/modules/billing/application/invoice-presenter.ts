import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { Amount } from '../../../shared/domain/amount';
import { Decimal } from '../../../shared/domain/decimal';
import { fiatCents, fiatValue } from '../../../shared/domain/fiat';
import { CatalogService } from '../../catalog/catalog.service';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { TransactionStatus } from '../../../shared/domain/transaction-status';
import type { PublicDeposit } from '../domain/invoice.repository';
import type { InvoiceStatus } from '../domain/invoice-status';
import type { InvoiceView } from './invoices.service';

/** An invoice as the merchant sees it, in responses and callbacks alike (`InvoiceResponseDto` implements it). */
export interface InvoiceWire {
  id: string;
  publicId: string;
  invoiceAddress: string;
  requestedAmount: string | null;
  availableCurrencies: CurrencyResponseDto[];
  paymentPageButtonUrl: string | null;
  paymentPageButtonText: string | null;
  paymentPageUrl: string;
  status: InvoiceStatus;
  createdAt: string;
  updatedAt: string;
  isTron: boolean;
  paidAmount: string | null;
  paidAmountBaseCurrency: string | null;
  trackingId: string | null;
  callbackUrl: string | null;
}

/** What the payer sees of it (`PublicInvoiceResponseDto` implements it). */
export interface PublicInvoiceWire extends Pick<
  InvoiceWire,
  | 'publicId'
  | 'invoiceAddress'
  | 'requestedAmount'
  | 'availableCurrencies'
  | 'paymentPageButtonUrl'
  | 'paymentPageButtonText'
  | 'status'
  | 'createdAt'
  | 'isTron'
  | 'paidAmount'
> {
  chainId: string;
}

/** One deposit as the payer sees it (`PublicInvoiceTransactionDto` implements it). */
export interface PublicDepositWire {
  txHash: string;
  amount: string;
  currency: CurrencyResponseDto | null;
  status: TransactionStatus;
  confirmations: number;
  createdAt: string;
}

/**
 * An invoice's wire form: amounts to decimal strings, currencies from the catalog. In application/
 * because a callback's `data` is that same form, built in the transaction that changed the invoice;
 * the controllers answer it as it is.
 */
@Injectable()
export class InvoicePresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  present({ invoice, settledByCurrency }: InvoiceView): InvoiceWire {
    const p = invoice.toProps();
    const single = p.currencies.length === 1 ? p.currencies[0] : undefined;
    return {
      id: p.id,
      publicId: p.publicId.toString(),
      invoiceAddress: p.invoiceAddress.display,
      requestedAmount:
        p.requestedAmount === null || single === undefined
          ? null
          : Amount.fromBaseUnits(BigInt(p.requestedAmount), single.decimals).toDecimalString(),
      availableCurrencies: p.currencies.flatMap((currency) => {
        const known = this.catalog.findCurrency(currency.id);
        return known ? [CurrencyResponseDto.from(known)] : [];
      }),
      paymentPageButtonUrl: p.paymentPageButtonUrl,
      paymentPageButtonText: p.paymentPageButtonText,
      paymentPageUrl: `${this.config.publicBaseUrl}/pay/${p.publicId}`,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      isTron: p.networkType === 'tvm',
      paidAmount:
        single === undefined ? null : Amount.fromBaseUnits(BigInt(p.paidAmount), single.decimals).toDecimalString(),
      paidAmountBaseCurrency:
        single === undefined
          ? this.usdTotal(
              p.currencies.map((c) => c.id),
              settledByCurrency,
            )
          : null,
      trackingId: p.trackingId,
      callbackUrl: p.callbackUrl,
    };
  }

  /** The payer's view: the same values, without what is only the merchant's. */
  presentPublic(view: InvoiceView): PublicInvoiceWire {
    const full = this.present(view);
    return {
      publicId: full.publicId,
      invoiceAddress: full.invoiceAddress,
      chainId: view.invoice.toProps().chainId,
      requestedAmount: full.requestedAmount,
      availableCurrencies: full.availableCurrencies,
      paymentPageButtonUrl: full.paymentPageButtonUrl,
      paymentPageButtonText: full.paymentPageButtonText,
      status: full.status,
      createdAt: full.createdAt,
      isTron: full.isTron,
      paidAmount: full.paidAmount,
    };
  }

  presentDeposit(deposit: PublicDeposit): PublicDepositWire {
    const currency = deposit.currencyId === null ? undefined : this.catalog.findCurrency(deposit.currencyId);
    return {
      txHash: deposit.txHash,
      // A currency the catalog does not know has no decimals: its base units are shown as they are.
      amount: Amount.fromBaseUnits(deposit.amount, currency?.decimals ?? 0).toDecimalString(),
      currency: currency === undefined ? null : CurrencyResponseDto.from(currency),
      status: deposit.status,
      confirmations: deposit.confirmations,
      createdAt: deposit.createdAt.toISOString(),
    };
  }

  /** Σ deposits × usdRate over the invoice's currencies, in cents; null when a paid currency has no rate. */
  private usdTotal(currencyIds: readonly string[], settled: ReadonlyMap<string, bigint>): string | null {
    let total = Decimal.ZERO;
    for (const id of currencyIds) {
      const amount = settled.get(id) ?? 0n;
      if (amount === 0n) continue;
      const currency = this.catalog.findCurrency(id);
      const value = currency === undefined ? null : fiatValue(amount, currency.decimals, currency.usdRate);
      if (value === null) return null;
      total = total.plus(value);
    }
    return fiatCents(total);
  }
}
