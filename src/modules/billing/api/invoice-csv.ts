import type { CsvColumn } from '../../../shared/http/csv';
import type { InvoiceResponseDto } from './invoice-response.dto';

/** The invoices export's columns, filled from the list's own item DTO (so values read as in the API). */
export const INVOICE_CSV_COLUMNS: readonly CsvColumn<InvoiceResponseDto>[] = [
  { header: 'id', value: (i) => i.id },
  { header: 'publicId', value: (i) => i.publicId },
  { header: 'trackingId', value: (i) => i.trackingId, freeText: true },
  { header: 'status', value: (i) => i.status },
  { header: 'createdAt', value: (i) => i.createdAt },
  { header: 'updatedAt', value: (i) => i.updatedAt },
  { header: 'invoiceAddress', value: (i) => i.invoiceAddress },
  { header: 'isTron', value: (i) => i.isTron },
  // Space-separated: one cell, no quoting needed, and the ids never hold a space.
  { header: 'currencyIds', value: (i) => i.availableCurrencies.map((currency) => currency.id).join(' ') },
  { header: 'requestedAmount', value: (i) => i.requestedAmount },
  { header: 'paidAmount', value: (i) => i.paidAmount },
  { header: 'paidAmountBaseCurrency', value: (i) => i.paidAmountBaseCurrency },
  { header: 'paymentPageUrl', value: (i) => i.paymentPageUrl },
  { header: 'paymentPageButtonUrl', value: (i) => i.paymentPageButtonUrl, freeText: true },
  { header: 'paymentPageButtonText', value: (i) => i.paymentPageButtonText, freeText: true },
  { header: 'callbackUrl', value: (i) => i.callbackUrl, freeText: true },
];
