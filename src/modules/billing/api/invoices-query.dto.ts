import { Matches } from 'class-validator';
import {
  PaginationQueryDto,
  QueryArray,
  QueryEnum,
  QueryText,
  QueryTimestamp,
} from '../../../shared/http/query-params';
import { INVOICE_STATUSES, InvoiceStatus } from '../domain/invoice-status';
import { CURRENCY_ID } from '../../../shared/http/body-fields';

export class InvoicesQueryDto extends PaginationQueryDto {
  @QueryEnum(['id', 'createdAt', 'updatedAt'], { default: 'createdAt' })
  sortBy?: 'id' | 'createdAt' | 'updatedAt';

  @QueryEnum(['asc', 'desc'], { default: 'desc' })
  sortOrder?: 'asc' | 'desc';

  @QueryText({ description: 'Substring of the invoice id, case-insensitive' })
  id?: string;

  @QueryTimestamp('Inclusive lower bound of createdAt')
  createdFrom?: string;

  @QueryTimestamp('Inclusive upper bound of createdAt')
  createdTo?: string;

  @QueryTimestamp('Inclusive lower bound of updatedAt')
  updatedFrom?: string;

  @QueryTimestamp('Inclusive upper bound of updatedAt')
  updatedTo?: string;

  @QueryArray({
    description: 'Invoices accepting any of these currencies',
    itemValidator: Matches(CURRENCY_ID, {
      each: true,
      message: 'each currencyId must be {chainId} or {chainId}-{address}',
    }),
  })
  currencyIds?: string[];

  @QueryArray({ enum: INVOICE_STATUSES })
  statuses?: InvoiceStatus[];

  @QueryText({ description: 'Substring of the tracking id, case-insensitive' })
  trackingId?: string;
}
