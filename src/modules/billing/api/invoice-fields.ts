import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';

/**
 * Field rules shared by CreateInvoiceDto and UpdateInvoiceDto (SPEC §7). "Key required" fields must
 * be present in the body but may be null: `ValidateIf` skips the other checks for null, and
 * `IsDefined` then only fails for a missing key.
 */

export const CURRENCY_ID = /^[0-9]+(-[A-Za-z0-9]+)?$/;
const TRACKING_ID = /^[A-Za-z0-9-]+$/;

function NullableKey(required: boolean): PropertyDecorator {
  return required
    ? applyDecorators(
        ValidateIf((_object, value) => value !== null),
        IsDefined({ message: (args) => `${args.property} is required (null is allowed)` }),
      )
    : IsOptional();
}

export function IsHttpUrl(): PropertyDecorator {
  return ValidateBy({
    name: 'isHttpUrl',
    validator: {
      validate: (value) => {
        if (typeof value !== 'string') return false;
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
        } catch {
          return false;
        }
      },
      defaultMessage: (args) => `${args?.property ?? 'value'} must be an http or https URL`,
    },
  });
}

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
    Matches(/^\d+(\.\d+)?$/, { message: 'requestedAmount must be a non-negative decimal string such as "12.5"' }),
    MaxLength(100),
  );
}

export function TrackingIdField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, minLength: 1, maxLength: 128, pattern: TRACKING_ID.source }),
    IsOptional(),
    IsString(),
    Length(1, 128, { message: 'trackingId must be 1 to 128 characters' }),
    Matches(TRACKING_ID, { message: 'trackingId must match ^[A-Za-z0-9-]+$' }),
  );
}

export function UrlField(required: boolean, description: string): PropertyDecorator {
  return applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: String,
      nullable: true,
      maxLength: 2048,
      format: 'uri',
      description,
    }),
    NullableKey(required),
    IsString(),
    MaxLength(2048),
    IsHttpUrl(),
  );
}

export function ButtonTextField(required: boolean): PropertyDecorator {
  return applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({ type: String, nullable: true, maxLength: 64 }),
    NullableKey(required),
    IsString(),
    MaxLength(64),
  );
}

export function CurrencyIdsField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: [String],
      example: ['1-0xdac17f958d2ee523a2206206994597c13d831ec7'],
      description: "Currencies accepted; default every currency of the deployment's network.",
    }),
    // Absent means "every currency"; null is not a list.
    ValidateIf((_object, value) => value !== undefined),
    IsArray({ message: 'currencyIds must be a non-empty list of currency ids' }),
    ArrayMinSize(1),
    ArrayMaxSize(100),
    IsString({ each: true }),
    Matches(CURRENCY_ID, { each: true, message: 'each currencyId must be {chainId} or {chainId}-{address}' }),
  );
}
