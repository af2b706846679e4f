import { ButtonTextField, CurrencyIdsField, RequestedAmountField, TrackingIdField, UrlField } from './invoice-fields';

export class CreateInvoiceDto {
  @RequestedAmountField(true)
  requestedAmount: string | null;

  @TrackingIdField()
  trackingId?: string | null;

  @UrlField(false, 'Called when the invoice changes')
  callbackUrl?: string | null;

  @UrlField(true, 'Button on the payment page')
  paymentPageButtonUrl: string | null;

  @ButtonTextField(true)
  paymentPageButtonText: string | null;

  @CurrencyIdsField()
  currencyIds?: string[];
}
