import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { Address } from '../../../shared/domain/address';
import { Amount } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';
import { CatalogService } from '../../catalog/catalog.service';
import { InvoicesService, InvoiceView } from '../application/invoices.service';
import { paymentUri } from '../domain/payment-uri';
import { InvoicePresenter } from './invoice-presenter';
import { PaymentPageModel, renderNotFoundPage, renderPaymentPage } from './payment-page.html';

const POLL_INTERVAL_MS = 3000;

/**
 * The hosted payment page (SPEC §13): server-rendered HTML, no build step, readable on a phone,
 * updating itself by polling the public JSON. Strict CSP: nothing loads from anywhere else, and
 * the one inline script and style run only with this response's nonce.
 */
@ApiExcludeController()
@Controller('pay/:publicId')
export class PaymentPageController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly presenter: InvoicePresenter,
    private readonly catalog: CatalogService,
  ) {}

  // Any query (a shop's utm_* tags) is accepted and ignored: declaring @Query keeps it from being a 400.
  @Get()
  async show(
    @Param('publicId') publicId: string,
    @Query() _query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const nonce = randomBytes(16).toString('base64');
    securityHeaders(res, nonce);
    const view = await this.find(publicId);
    if (view === undefined) {
      res.status(404).type('html').send(renderNotFoundPage(nonce));
      return;
    }
    const model = await this.model(view);
    res.status(200).type('html').send(renderPaymentPage(model, nonce));
  }

  /** The QR code alone, for the page to swap in when a partial payment changes the amount due. */
  @Get('qr.svg')
  async qr(
    @Param('publicId') publicId: string,
    @Query() _query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    securityHeaders(res, randomBytes(16).toString('base64'));
    const view = await this.find(publicId);
    if (view === undefined) {
      res.status(404).type('text/plain').send('Invoice not found');
      return;
    }
    res
      .status(200)
      .type('image/svg+xml')
      .send(await qrSvg(this.target(view).uri));
  }

  private async find(publicId: string): Promise<InvoiceView | undefined> {
    try {
      return (await this.invoices.getPublic(publicId)).view;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return undefined;
      throw error;
    }
  }

  private target(view: InvoiceView) {
    const p = view.invoice.toProps();
    const single = p.currencies.length === 1 ? this.catalog.findCurrency(p.currencies[0].id) : undefined;
    const amountDue =
      p.requestedAmount === null || single === undefined
        ? null
        : p.requestedAmount > p.paidAmount
          ? p.requestedAmount - p.paidAmount
          : 0n;
    const token =
      p.currencies.length !== 1
        ? undefined
        : single?.address == null
          ? null
          : Address.fromHex20(single.address.hex20, p.networkType);
    const uri = paymentUri({
      invoiceAddress: p.invoiceAddress,
      chainId: p.chainId,
      token,
      amountDue,
      decimals: single?.decimals ?? null,
    });
    return { uri, single, amountDue };
  }

  private async model(view: InvoiceView): Promise<PaymentPageModel> {
    const shown = this.presenter.presentPublic(view);
    const { uri, single, amountDue } = this.target(view);
    const symbols = shown.availableCurrencies.map((currency) => currency.symbol);
    return {
      publicId: shown.publicId,
      status: shown.status,
      networkName: this.catalog.findNetwork(shown.chainId)?.name ?? `Chain ${shown.chainId}`,
      address: shown.invoiceAddress,
      currencyLabel: symbols.length > 0 ? [...new Set(symbols)].join(', ') : 'the accepted currency',
      requestedAmount: shown.requestedAmount,
      paidAmount: shown.paidAmount,
      amountDue:
        amountDue === null || single === undefined
          ? null
          : Amount.fromBaseUnits(amountDue, single.decimals).toDecimalString(),
      decimals: single?.decimals ?? null,
      paymentUri: uri,
      qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(await qrSvg(uri)).toString('base64')}`,
      buttonUrl: isHttpUrl(shown.paymentPageButtonUrl) ? shown.paymentPageButtonUrl : null,
      buttonText: shown.paymentPageButtonText,
      pollIntervalMs: POLL_INTERVAL_MS,
    };
  }
}

function securityHeaders(res: Response, nonce: string): void {
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
}

function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** Only an http(s) link becomes the merchant's button: never `javascript:` or `data:`. */
function isHttpUrl(value: string | null): value is string {
  if (value === null) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
