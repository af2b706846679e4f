import { Injectable } from '@nestjs/common';
import { Address } from '../../../shared/domain/address';
import { Amount } from '../../../shared/domain/amount';
import type { TransactionStatus } from '../../../shared/domain/transaction-status';
import type { Currency, Network } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import type { PaymentPageData } from '../application/invoices.service';
import type { InvoiceStatus } from '../domain/invoice-status';
import { paymentUri } from '../domain/payment-uri';
import { fiatCents, fiatValue } from '../../../shared/domain/fiat';
import { InvoicePresenter } from '../application/invoice-presenter';
import { amountDue } from '../application/amount-due';
import { FiatRatesService } from '../../balances/application/fiat-rates';

/** What the payer sees first; the invoice's own status is beside it on the page's `<body>`. */
export type PaymentPageState = 'CHOOSE_CURRENCY' | 'AWAITING' | 'CONFIRMING' | 'PARTIAL' | 'PAID' | 'UNRESOLVED';

export interface PageCurrency {
  readonly id: string;
  readonly symbol: string;
  readonly name: string;
  /** Token contract as the network writes it; null for the network's own coin. */
  readonly contract: string | null;
  readonly contractUrl: string | null;
}

export interface PageDeposit {
  readonly txHash: string;
  readonly txUrl: string | null;
  /** Whole units; symbol empty for a currency the catalog does not know. */
  readonly amount: string;
  readonly symbol: string;
  readonly progress: 'CONFIRMING' | 'CONFIRMED' | 'FAILED';
  readonly confirmations: number;
}

/** Where to send what, once the currency is known. */
export interface PaymentInstructions {
  readonly currency: PageCurrency;
  /** Whole units the QR and the wallet link ask for now; null for "any amount". */
  readonly amountToSend: string | null;
  /** True when deposits still confirming cover part of the amount due: the QR asks only for the rest. */
  readonly remainderOnly: boolean;
  readonly uri: string;
  readonly qrDataUrl: string;
}

/** Everything the payment page shows, in no particular language; `renderPaymentPage` words it. */
export interface PaymentPageModel {
  readonly publicId: string;
  readonly status: InvoiceStatus;
  readonly state: PaymentPageState;
  readonly merchantName: string | null;
  readonly createdAt: Date;
  readonly networkName: string;
  readonly requiredConfirmations: number;
  readonly address: string;
  readonly addressUrl: string | null;
  /** Every currency the invoice takes; more than one means the payer picks. */
  readonly currencies: readonly PageCurrency[];
  /** The single currency, or the one the payer picked; null until they pick. */
  readonly chosen: PageCurrency | null;
  /** Whole units of the chosen currency; null for "any amount". */
  readonly requestedAmount: string | null;
  readonly paidAmount: string | null;
  /**
   * What to send now (`AmountDue.toSend`): the total less what is paid and what is confirming. The
   * amount shown under "Amount due", its copy button, the QR code, the wallet link and the
   * headings all ask for this one figure. Null for "any amount".
   */
  readonly amountDue: string | null;
  /** Deposits in the chosen currency still confirming, whole units; null when there are none. */
  readonly confirmingAmount: string | null;
  /** The amount due in US dollars (two decimals) when the currency has a rate. */
  readonly amountDueUsd: string | null;
  /** Null while the payer has to pick a currency, or when nothing is left to send. */
  readonly instructions: PaymentInstructions | null;
  readonly deposits: readonly PageDeposit[];
  /** Only an http(s) URL. */
  readonly buttonUrl: string | null;
  readonly buttonText: string | null;
}

/**
 * Turns the payer's view of an invoice into what the page shows: which screen, how much is still
 * due, and what the QR code and the wallet link ask for. Amounts come from the public invoice
 * exactly as `GET /api/v1/public/invoices/{publicId}` reports them, so the page never disagrees
 * with it. A deposit still confirming is listed apart: it is not in the amount due, but the QR
 * does not ask for it a second time.
 */
@Injectable()
export class PaymentPageComposer {
  constructor(
    private readonly presenter: InvoicePresenter,
    private readonly catalog: CatalogService,
    private readonly fiatRates: FiatRatesService,
  ) {}

  async compose({ view, deposits, merchantName }: PaymentPageData, choice: unknown): Promise<PaymentPageModel> {
    const shown = this.presenter.presentPublic(view);
    const props = view.invoice.toProps();
    const network = this.catalog.findNetwork(shown.chainId);
    const catalogCurrencies = props.currencies.flatMap((c) => this.catalog.findCurrency(c.id) ?? []);
    const currencies = catalogCurrencies.map((c) => this.pageCurrency(c, network));
    const chosenId =
      catalogCurrencies.length === 1
        ? catalogCurrencies[0].id
        : typeof choice === 'string'
          ? this.catalog.findCurrency(choice)?.id
          : undefined;
    const chosenIndex = catalogCurrencies.findIndex((c) => c.id === chosenId);
    const chosenCurrency = chosenIndex === -1 ? undefined : catalogCurrencies[chosenIndex];

    const pageDeposits = deposits.map((deposit) => {
      const dto = this.presenter.presentDeposit(deposit);
      return {
        txHash: dto.txHash,
        txUrl: explorerUrl(network?.transactionExplorerUrl, { txHash: dto.txHash }),
        amount: dto.amount,
        symbol: dto.currency?.symbol ?? '',
        progress: progressOf(dto.status),
        confirmations: dto.confirmations,
        currencyId: deposit.currencyId,
        baseUnits: deposit.amount,
      };
    });
    const confirming = pageDeposits.filter((d) => d.progress === 'CONFIRMING');
    // Computed once, from base units; every amount below is rendered from it.
    const due = chosenCurrency === undefined ? undefined : amountDue(props, deposits, chosenCurrency);
    const toSend = due?.toSend?.baseUnits ?? null;
    // An invoice of several currencies reports no paid amount of its own (it has no total).
    const paid = shown.paidAmount === null ? 0n : (due?.paid.baseUnits ?? 0n);
    const text = (amount: Amount | null | undefined) => (amount == null ? null : amount.toDecimalString());

    let state: PaymentPageState;
    if (shown.status === 'PAID') state = 'PAID';
    else if (shown.status === 'UNRESOLVED') state = 'UNRESOLVED';
    else if (chosenCurrency === undefined) state = 'CHOOSE_CURRENCY';
    else if (confirming.length > 0) state = 'CONFIRMING';
    else if (paid > 0n) state = 'PARTIAL';
    else state = 'AWAITING';

    const instructions =
      state === 'PAID' || state === 'UNRESOLVED' || chosenCurrency === undefined || toSend === 0n
        ? null
        : await this.instructions(props.invoiceAddress, shown.chainId, chosenCurrency, currencies[chosenIndex], {
            toSend,
            remainderOnly: due !== undefined && !due.confirming.isZero(),
          });

    return {
      publicId: shown.publicId,
      status: shown.status,
      state,
      merchantName,
      createdAt: new Date(shown.createdAt),
      networkName: network?.name ?? `Chain ${shown.chainId}`,
      requiredConfirmations: network?.requiredConfirmations ?? 1,
      address: shown.invoiceAddress,
      addressUrl: explorerUrl(network?.addressExplorerUrl, { address: shown.invoiceAddress }),
      currencies,
      chosen: chosenIndex === -1 ? null : currencies[chosenIndex],
      requestedAmount: due === undefined ? shown.requestedAmount : text(due.requested),
      paidAmount: due === undefined || shown.paidAmount === null ? shown.paidAmount : text(due.paid),
      amountDue: text(due?.toSend),
      confirmingAmount: due === undefined || due.confirming.isZero() ? null : text(due.confirming),
      amountDueUsd: dollars(toSend, chosenCurrency, chosenCurrency && (await this.fiatRates.usdRate(chosenCurrency))),
      instructions,
      deposits: pageDeposits.map(({ txHash, txUrl, amount, symbol, progress, confirmations }) => ({
        txHash,
        txUrl,
        amount,
        symbol,
        progress,
        confirmations,
      })),
      buttonUrl: isHttpUrl(shown.paymentPageButtonUrl) ? shown.paymentPageButtonUrl : null,
      buttonText: shown.paymentPageButtonText,
    };
  }

  private async instructions(
    invoiceAddress: Address,
    chainId: string,
    currency: Currency,
    shown: PageCurrency,
    { toSend, remainderOnly }: { toSend: bigint | null; remainderOnly: boolean },
  ): Promise<PaymentInstructions> {
    const uri = paymentUri({
      invoiceAddress,
      chainId,
      token: currency.address === null ? null : Address.fromHex20(currency.address.hex20, invoiceAddress.networkType),
      amountDue: toSend,
      decimals: currency.decimals,
    });
    // Loaded with the first payment page, not by every instance at start.
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      currency: shown,
      amountToSend: toSend === null ? null : Amount.fromBaseUnits(toSend, currency.decimals).toDecimalString(),
      remainderOnly,
      uri,
      qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  private pageCurrency(currency: Currency, network: Network | undefined): PageCurrency {
    const contract =
      currency.address === null
        ? null
        : Address.fromHex20(currency.address.hex20, network?.networkType ?? 'evm').display;
    return {
      id: currency.id,
      symbol: currency.symbol,
      name: currency.name,
      contract,
      contractUrl: contract === null ? null : explorerUrl(network?.addressExplorerUrl, { address: contract }),
    };
  }
}

/** The amount due at the rates provider's USD rate (the one balances use), so ETH has one too. */
function dollars(
  units: bigint | null,
  currency: Currency | undefined,
  usdRate: string | null | undefined,
): string | null {
  const value = units === null || currency === undefined ? null : fiatValue(units, currency.decimals, usdRate);
  return value === null ? null : fiatCents(value);
}

function progressOf(status: TransactionStatus): PageDeposit['progress'] {
  if (status === 'CONFIRMED') return 'CONFIRMED';
  if (status === 'FAILED') return 'FAILED';
  return 'CONFIRMING';
}

/** A network's explorer template with its placeholders filled; null without a template or for a non-http(s) one. */
function explorerUrl(template: string | null | undefined, values: Readonly<Record<string, string>>): string | null {
  if (template == null) return null;
  const url = template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encodeURIComponent(values[name]) : whole,
  );
  return isHttpUrl(url) ? url : null;
}

/** Only an http(s) link becomes a link on the page: never `javascript:` or `data:`. */
export function isHttpUrl(value: string | null): value is string {
  if (value === null) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
