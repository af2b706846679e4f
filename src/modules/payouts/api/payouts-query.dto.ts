import { OmitType } from '@nestjs/swagger';
import { CommonListQueryDto, QueryCurrencyIds } from '../../../shared/http/list-query.dto';
import { QueryArray, QueryText } from '../../../shared/http/query-params';
import { PAYOUT_STATUSES, PayoutStatus } from '../domain/payout-status';

/** Endpoint 15's parameters. */
export class PayoutsQueryDto extends CommonListQueryDto {
  @QueryCurrencyIds('Payouts in any of these currencies')
  currencyIds?: string[];

  @QueryArray({ enum: PAYOUT_STATUSES })
  statuses?: PayoutStatus[];

  @QueryText({ description: 'Substring of the tracking id, case-insensitive' })
  trackingId?: string;

  @QueryText({ description: "Substring of the creator's address, case-insensitive" })
  createdBy?: string;

  @QueryText({ description: "Substring of the recipient's address, case-insensitive" })
  toAddress?: string;
}

/** The list's filters and sort; the export has no pages. */
export class ExportPayoutsQueryDto extends OmitType(PayoutsQueryDto, ['page', 'pageSize'] as const) {}
