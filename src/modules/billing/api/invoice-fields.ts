import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

import { DECIMAL } from '../../../shared/domain/amount';
import { CURRENCY_ID, NoFormatCharacters, NullableKey } from '../../../shared/http/body-fields';

/** Field rules of CreateInvoiceDto and UpdateInvoiceDto only (docs/contract.md, Invoices); shared ones are in shared/http. */

export function RequestedAmountField(required: boolean): PropertyDecorator {
  return applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: String,
      nullable: true,
      example: '12.5',
      description:
        'Whole units of the only currency; null for any amount. A positive amount needs exactly one currency.',
    }),
    NullableKey(required),
    IsString({ message: 'requestedAmount must be a decimal string or null' }),
    Matches(DECIMAL, {
      message: 'requestedAmount must be a non-negative decimal string without leading zeros, such as "12.5"',
    }),
    MaxLength(100),
  );
}

export function ButtonTextField(required: boolean): PropertyDecorator {
  return applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({ type: String, nullable: true, maxLength: 64 }),
    NullableKey(required),
    IsString(),
    MaxLength(64),
    NoFormatCharacters(),
  );
}

export function CurrencyIdsField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: [String],
      example: ['1-0xdac17f958d2ee523a2206206994597c13d831ec7'],
      description: "Currencies accepted; absent or [] means every currency of the deployment's network.",
    }),
    // Absent or [] means "every currency"; null is not a list.
    ValidateIf((_object, value) => value !== undefined),
    IsArray({ message: 'currencyIds must be a list of currency ids' }),
    ArrayMaxSize(100),
    IsString({ each: true }),
    Matches(CURRENCY_ID, { each: true, message: 'each currencyId must be {chainId} or {chainId}-{address}' }),
  );
}
