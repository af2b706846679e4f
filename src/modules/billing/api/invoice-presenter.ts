import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { Amount } from '../../../shared/domain/amount';
import type { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { InvoiceView } from '../application/invoices.service';
import type { PublicDeposit } from '../domain/invoice.repository';
import { InvoiceResponseDto } from './invoice-response.dto';
import { PublicInvoiceResponseDto, PublicInvoiceTransactionDto } from './public-invoice-response.dto';

const RATE_DECIMALS = 18;

/** Maps an invoice to `InvoiceResponseDto`: amounts to decimal strings, currencies from the catalog. */
@Injectable()
export class InvoicePresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {}

  present({ invoice, settledByCurrency }: InvoiceView): InvoiceResponseDto {
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
  presentPublic(view: InvoiceView): PublicInvoiceResponseDto {
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

  presentDeposit(deposit: PublicDeposit): PublicInvoiceTransactionDto {
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

  /** Σ deposits × usdRate over the invoice's currencies, rounded half up to cents; null when a paid currency has no rate. */
  private usdTotal(currencyIds: readonly string[], settled: ReadonlyMap<string, bigint>): string | null {
    let total = 0n; // USD × 10^RATE_DECIMALS
    for (const id of currencyIds) {
      const amount = settled.get(id) ?? 0n;
      if (amount === 0n) continue;
      const currency = this.catalog.findCurrency(id);
      const value = currency === undefined ? null : usdValue(amount, currency);
      if (value === null) return null;
      total += value;
    }
    return usdCents(total);
  }
}

/** Base units × the currency's USD rate, in USD × 10^18; null without a rate. */
export function usdValue(units: bigint, currency: Currency): bigint | null {
  if (currency.usdRate === null) return null;
  const rate = Amount.parse(currency.usdRate, RATE_DECIMALS).baseUnits;
  return (units * rate) / 10n ** BigInt(currency.decimals);
}

/** USD × 10^18 as a decimal string of dollars, rounded half up to cents: `"12.35"`. */
export function usdCents(value: bigint): string {
  const unit = 10n ** BigInt(RATE_DECIMALS - 2);
  const cents = (value + unit / 2n) / unit;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
