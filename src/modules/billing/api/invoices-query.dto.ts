import { OmitType } from '@nestjs/swagger';
import { CommonListQueryDto, QueryCurrencyIds } from '../../../shared/http/list-query.dto';
import { QueryArray, QueryText } from '../../../shared/http/query-params';
import { INVOICE_STATUSES, InvoiceStatus } from '../domain/invoice-status';

/** Endpoint 10's parameters. */
export class InvoicesQueryDto extends CommonListQueryDto {
  @QueryCurrencyIds('Invoices accepting any of these currencies')
  currencyIds?: string[];

  @QueryArray({ enum: INVOICE_STATUSES })
  statuses?: InvoiceStatus[];

  @QueryText({ description: 'Substring of the tracking id, case-insensitive' })
  trackingId?: string;
}

/** The list's filters and sort; the export has no pages. */
export class ExportInvoicesQueryDto extends OmitType(InvoicesQueryDto, ['page', 'pageSize'] as const) {}
