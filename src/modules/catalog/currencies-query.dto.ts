import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { Address, UNIVERSAL_ADDRESS_FORMAT } from '../../shared/domain/address';
import { QueryBoolean, QueryEnum, QueryText } from '../../shared/http/query-params';
import { CURRENCY_SORT_KEYS, type CurrencySortKey, SORT_ORDERS, type SortOrder } from './catalog';

/** Endpoint 20's query. Any other parameter is a 400 (the validation pipe forbids unknown keys). */
export class CurrenciesQueryDto {
  @QueryEnum(CURRENCY_SORT_KEYS, {
    default: 'createdAt',
    description: 'Ties are broken by id, in the same direction; a missing cmcId sorts last.',
  })
  sortBy?: CurrencySortKey;

  @QueryEnum(SORT_ORDERS, { default: 'desc' })
  sortOrder?: SortOrder;

  @QueryText({ description: 'Exact symbol, any letter case.' })
  symbol?: string;

  @QueryText({ description: 'Part of the name, any letter case.' })
  name?: string;

  @QueryText({ description: 'Exact chain id, e.g. 1 or 728126428.' })
  chainId?: string;

  // Parsed here rather than in the controller so that one 400 names every bad parameter.
  @ApiPropertyOptional({
    type: String,
    description:
      'Token contract as a UniversalAddress: EVM 0x + 40 hex digits in any letter case, or Tron base58check T… or its 41… hex form. Anything else is a 400.',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? readAddress(value) : value))
  @ValidateBy({
    name: 'isUniversalAddress',
    validator: {
      validate: (value) => value instanceof Address,
      defaultMessage: (args) => `${args?.property ?? 'address'} must be ${UNIVERSAL_ADDRESS_FORMAT}`,
    },
  })
  address?: Address;

  @QueryBoolean('true/false in any letter case, or 1/0.')
  isNative?: boolean;

  @QueryBoolean('true/false in any letter case, or 1/0.')
  isScam?: boolean;

  @QueryBoolean('true/false in any letter case, or 1/0.')
  isVerified?: boolean;
}

/** The parsed address, or the raw text for the validator to reject. */
function readAddress(value: string): Address | string {
  try {
    return Address.parseUniversal(value);
  } catch {
    return value;
  }
}
