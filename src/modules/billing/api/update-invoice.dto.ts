import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import { INVOICE_STATUSES, InvoiceStatus } from '../domain/invoice-status';
import { TrackingIdField, UrlField } from '../../../shared/http/body-fields';
import { ButtonTextField, CurrencyIdsField, RequestedAmountField } from './invoice-fields';

/** PUT (endpoint 13): keys present replace the stored values, absent keys stay; at least one key. */
export class UpdateInvoiceDto {
  @RequestedAmountField(false)
  requestedAmount?: string | null;

  @TrackingIdField()
  trackingId?: string | null;

  @UrlField(false, 'Called when the invoice changes')
  callbackUrl?: string | null;

  @UrlField(false, 'Button on the payment page')
  paymentPageButtonUrl?: string | null;

  @ButtonTextField(false)
  paymentPageButtonText?: string | null;

  @CurrencyIdsField()
  currencyIds?: string[];

  @ApiPropertyOptional({ enum: INVOICE_STATUSES, description: 'Manual change: CREATED → PAID or UNRESOLVED → PAID' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsIn(INVOICE_STATUSES, { message: `status must be one of ${INVOICE_STATUSES.join(', ')}` })
  status?: InvoiceStatus;
}
