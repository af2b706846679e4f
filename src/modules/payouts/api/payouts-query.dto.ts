import { Matches } from 'class-validator';
import {
  PaginationQueryDto,
  QueryArray,
  QueryEnum,
  QueryText,
  QueryTimestamp,
} from '../../../shared/http/query-params';
import { CURRENCY_ID } from '../../../shared/http/body-fields';
import { PAYOUT_STATUSES, PayoutStatus } from '../domain/payout-status';

export class PayoutsQueryDto extends PaginationQueryDto {
  @QueryEnum(['id', 'createdAt', 'updatedAt'], { default: 'createdAt' })
  sortBy?: 'id' | 'createdAt' | 'updatedAt';

  @QueryEnum(['asc', 'desc'], { default: 'desc' })
  sortOrder?: 'asc' | 'desc';

  @QueryText({ description: 'Substring of the payout id, case-insensitive' })
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
    description: 'Payouts in any of these currencies',
    itemValidator: Matches(CURRENCY_ID, {
      each: true,
      message: 'each currencyId must be {chainId} or {chainId}-{address}',
    }),
  })
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
