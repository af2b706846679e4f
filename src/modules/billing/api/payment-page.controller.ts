import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../shared/domain/domain-error';
import { InvoicesService, PaymentPageData } from '../application/invoices.service';
import { PageRequest, renderNotFoundPage, renderPaymentPage } from './payment-page.html';
import { pageLanguage } from './payment-page.messages';
import { PaymentPageComposer } from './payment-page.model';

/** How often the page polls when the event stream is refused or the browser has none. */
const POLL_INTERVAL_MS = 5000;

/**
 * The hosted payment page: server-rendered HTML, no build step, readable on a phone, in the
 * payer's language. It follows the invoice's event stream and re-renders itself from this same
 * route. Strict CSP: nothing loads from anywhere else, and the one inline script and style run
 * only with this response's nonce.
 */
@ApiExcludeController()
@Controller('pay/:publicId')
export class PaymentPageController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly composer: PaymentPageComposer,
  ) {}

  /**
   * `?currency=` picks one of a multi-currency invoice's currencies, `?lang=` the language. Any other
   * query (a shop's utm_* tags) is accepted and ignored: declaring @Query keeps it from being a 400.
   */
  @Get()
  async show(
    @Param('publicId') publicId: string,
    @Query() query: Record<string, unknown>,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const nonce = randomBytes(16).toString('base64');
    securityHeaders(res, nonce);
    const language = pageLanguage(query.lang, acceptLanguage);
    const request: PageRequest = {
      language,
      explicitLanguage: typeof query.lang === 'string' && query.lang.toLowerCase() === language,
      pollIntervalMs: POLL_INTERVAL_MS,
    };
    res.setHeader('Content-Language', language);
    res.setHeader('Vary', 'Accept-Language');
    const data = await this.find(publicId);
    if (data === undefined) {
      res.status(404).type('html').send(renderNotFoundPage(request, nonce));
      return;
    }
    const model = await this.composer.compose(data, query.currency);
    res
      .status(200)
      .type('html')
      .send(renderPaymentPage(model, request, nonce));
  }

  private async find(publicId: string): Promise<PaymentPageData | undefined> {
    try {
      return await this.invoices.getPaymentPage(publicId);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return undefined;
      throw error;
    }
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
