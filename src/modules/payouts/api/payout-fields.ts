import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { CURRENCY_ID } from '../../../shared/http/body-fields';
import { DECIMAL } from '../../../shared/domain/amount';

/**
 * Shape rules of CreatePayoutDto (docs/contract.md, Payouts). What needs the deployment or the catalog (the
 * currency's network and decimals, the address's network, nonce ≥ currentNonce) is checked by the
 * service; each failure is a 400 naming the field.
 */

export function RequiredString(options: {
  description: string;
  example: string;
  maxLength: number;
  pattern?: RegExp;
  patternMessage?: string;
}): PropertyDecorator {
  const decorators = [
    ApiProperty({
      type: String,
      description: options.description,
      example: options.example,
      maxLength: options.maxLength,
      pattern: options.pattern?.source,
    }),
    IsString({ message: (args) => `${args.property} must be a string` }),
    MaxLength(options.maxLength),
  ];
  if (options.pattern) decorators.push(Matches(options.pattern, { message: options.patternMessage }));
  return applyDecorators(...decorators);
}

export const CurrencyIdField = () =>
  RequiredString({
    description: "A currency of the deployment's network: `{chainId}` (native) or `{chainId}-{contractAddress}`",
    example: '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
    maxLength: 128,
    pattern: CURRENCY_ID,
    patternMessage: 'currencyId must be {chainId} or {chainId}-{address}',
  });

export const PayoutAmountField = () =>
  RequiredString({
    description: 'Whole units of the currency, greater than 0, at most its decimals after the point',
    example: '12.5',
    maxLength: 100,
    pattern: DECIMAL,
    patternMessage: 'amount must be a positive decimal string without leading zeros, such as "12.5"',
  });

export function OptionalNonceField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      example: '17',
      pattern: '^\\d+$',
      description: "Queue nonce; default the next free nonce; at least the deployment's currentNonce",
    }),
    IsOptional(),
    IsString({ message: 'nonce must be a non-negative integer string' }),
    Matches(/^\d{1,78}$/, { message: 'nonce must be a non-negative integer string' }),
  );
}
