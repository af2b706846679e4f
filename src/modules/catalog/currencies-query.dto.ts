import { QueryBoolean, QueryEnum, QueryText } from '../../shared/http/query-params';
import { CURRENCY_SORT_KEYS, type CurrencySortKey, SORT_ORDERS, type SortOrder } from './catalog';

/** Endpoint 20's query. Any other parameter is a 400 (the validation pipe forbids unknown keys). */
export class CurrenciesQueryDto {
  @QueryEnum(CURRENCY_SORT_KEYS, { default: 'createdAt', description: 'Ties are broken by id, in the same direction; a missing cmcId sorts last.' })
  sortBy?: CurrencySortKey;

  @QueryEnum(SORT_ORDERS, { default: 'desc' })
  sortOrder?: SortOrder;

  @QueryText({ description: 'Exact symbol, any letter case.' })
  symbol?: string;

  @QueryText({ description: 'Part of the name, any letter case.' })
  name?: string;

  @QueryText({ description: 'Exact chain id, e.g. 1 or 728126428.' })
  chainId?: string;

  @QueryText({
    description:
      'Token contract as a UniversalAddress: EVM 0x + 40 hex digits in any letter case, or Tron base58check T… or its 41… hex form. Anything else is a 400.',
  })
  address?: string;

  @QueryBoolean('true/false in any letter case, or 1/0.')
  isNative?: boolean;

  @QueryBoolean('true/false in any letter case, or 1/0.')
  isScam?: boolean;

  @QueryBoolean('true/false in any letter case, or 1/0.')
  isVerified?: boolean;
}
