import { TrackingIdField, UrlField } from '../../../shared/http/body-fields';
import { ButtonTextField, CurrencyIdsField, RequestedAmountField } from './invoice-fields';

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
