import type { CsvColumn } from '../../../shared/http/csv';
import type { PayoutResponseDto } from './payout-response.dto';

/** The payouts export's columns, filled from the list's own item DTO (so values read as in the API). */
export const PAYOUT_CSV_COLUMNS: readonly CsvColumn<PayoutResponseDto>[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'trackingId', value: (p) => p.trackingId, freeText: true },
  { header: 'status', value: (p) => p.status },
  { header: 'createdAt', value: (p) => p.createdAt },
  { header: 'updatedAt', value: (p) => p.updatedAt },
  { header: 'currencyId', value: (p) => p.currencyId },
  { header: 'currencySymbol', value: (p) => p.currency.symbol },
  { header: 'amount', value: (p) => p.amount },
  { header: 'toAddress', value: (p) => p.toAddress },
  { header: 'isTron', value: (p) => p.isTron },
  { header: 'nonce', value: (p) => p.nonce },
  { header: 'queueOperationId', value: (p) => p.queueOperationId },
  { header: 'createdBy', value: (p) => p.createdBy },
  { header: 'callbackUrl', value: (p) => p.callbackUrl, freeText: true },
];
