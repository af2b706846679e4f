import { Matches } from 'class-validator';
import { CURRENCY_ID } from './body-fields';
import { PaginationQueryDto, QueryArray, QueryEnum, QueryText, QueryTimestamp } from './query-params';

/** `currencyIds` in any of the three array spellings, each `{chainId}` or `{chainId}-{address}`. */
export function QueryCurrencyIds(description: string): PropertyDecorator {
  return QueryArray({
    description,
    itemValidator: Matches(CURRENCY_ID, {
      each: true,
      message: 'each currencyId must be {chainId} or {chainId}-{address}',
    }),
  });
}

/**
 * The seed's "common list parameters" of the transactions, invoices and payouts lists: paging,
 * sort by id/createdAt/updatedAt (default createdAt desc), an id substring and inclusive ISO 8601
 * bounds (docs/api-conventions.md). Each list adds its own filters.
 */
export class CommonListQueryDto extends PaginationQueryDto {
  @QueryEnum(['id', 'createdAt', 'updatedAt'], { default: 'createdAt' })
  sortBy?: 'id' | 'createdAt' | 'updatedAt';

  @QueryEnum(['asc', 'desc'], { default: 'desc' })
  sortOrder?: 'asc' | 'desc';

  @QueryText({ description: 'Case-insensitive substring of the id' })
  id?: string;

  @QueryTimestamp('Inclusive lower bound of createdAt')
  createdFrom?: string;

  @QueryTimestamp('Inclusive upper bound of createdAt')
  createdTo?: string;

  @QueryTimestamp('Inclusive lower bound of updatedAt')
  updatedFrom?: string;

  @QueryTimestamp('Inclusive upper bound of updatedAt')
  updatedTo?: string;
}
