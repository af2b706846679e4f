import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { hasFormatCharacters } from '../domain/text';
import { IsDefined, IsOptional, IsString, Length, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';

/**
 * Body-field rules that several contexts share (invoices and payouts): currency ids, tracking ids,
 * callback URLs, and "key required" fields — present in the body but allowed to be null:
 * `ValidateIf` skips the other checks for null, and `IsDefined` then only fails for a missing key.
 */

/** `{chainId}` or `{chainId}-{address}` (docs/api-conventions.md); whether it exists is the catalog's business. */
export const CURRENCY_ID = /^[0-9]+(-[A-Za-z0-9]+)?$/;
const TRACKING_ID = /^[A-Za-z0-9-]+$/;

export function NullableKey(required: boolean): PropertyDecorator {
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

/** Refuses invisible Unicode format characters in a text a person reads (see hasFormatCharacters). */
export function NoFormatCharacters(): PropertyDecorator {
  return ValidateBy({
    name: 'noFormatCharacters',
    validator: {
      validate: (value) => typeof value !== 'string' || !hasFormatCharacters(value),
      defaultMessage: (args) =>
        `${args?.property ?? 'value'} must not contain invisible Unicode format characters (bidi controls, zero-width characters)`,
    },
  });
}

export function TrackingIdField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, minLength: 1, maxLength: 128, pattern: TRACKING_ID.source }),
    IsOptional(),
    IsString(),
    Length(1, 128, { message: 'trackingId must be 1 to 128 characters' }),
    Matches(TRACKING_ID, { message: 'trackingId must match ^[A-Za-z0-9-]+$' }),
    NoFormatCharacters(),
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
