import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';

/**
 * Decorators for query parameters, shared by every list of the contract (docs/api-conventions.md). A value
 * the transform cannot read is passed on unchanged so that the validator rejects it with a 400
 * naming the parameter, instead of being silently coerced.
 */

const MAX_PAGE = Number.MAX_SAFE_INTEGER;
const MAX_ARRAY_ITEMS = 100;

function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
}

function toBoolean({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return value;
}

function toArray({ value }: { value: unknown }): unknown {
  const items = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'string')) return value;
  return items
    .flatMap((item: string) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function QueryPage(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, maximum: MAX_PAGE, default: 1 }),
    IsOptional(),
    Transform(toInteger),
    IsInt({ message: 'page must be an integer from 1 to 9007199254740991' }),
    Min(1, { message: 'page must be an integer from 1 to 9007199254740991' }),
    Max(MAX_PAGE, { message: 'page must be an integer from 1 to 9007199254740991' }),
  );
}

export function QueryPageSize(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Number, minimum: 1, maximum: 100, default: 10 }),
    IsOptional(),
    Transform(toInteger),
    IsInt({ message: 'pageSize must be an integer from 1 to 100' }),
    Min(1, { message: 'pageSize must be an integer from 1 to 100' }),
    Max(100, { message: 'pageSize must be an integer from 1 to 100' }),
  );
}

export function QueryEnum(
  values: readonly string[],
  options: { default?: string; description?: string } = {},
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ enum: values, default: options.default, description: options.description }),
    IsOptional(),
    IsIn(values, { message: (args) => `${args.property} must be one of: ${values.join(', ')}` }),
  );
}

export function QueryBoolean(description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', '1', '0'] }],
      description,
    }),
    IsOptional(),
    Transform(toBoolean),
    IsBoolean({ message: (args) => `${args.property} must be true, false, 1 or 0` }),
  );
}

/** An array in any of the three spellings; `each` validates the items. */
export function QueryArray(
  items: { enum?: readonly string[]; description?: string; itemValidator?: PropertyDecorator } = {},
): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    ApiPropertyOptional({
      type: 'array',
      items: items.enum ? { type: 'string', enum: [...items.enum] } : { type: 'string' },
      description: items.description,
      style: 'form',
      explode: true,
    } as never),
    IsOptional(),
    Transform(toArray),
    IsArray({ message: (args) => `${args.property} must be a list of strings` }),
    ArrayMaxSize(MAX_ARRAY_ITEMS),
  ];
  if (items.enum) {
    const allowed = items.enum;
    decorators.push(
      IsIn(allowed, {
        each: true,
        message: (args) => `each value of ${args.property} must be one of: ${allowed.join(', ')}`,
      }),
    );
  } else {
    decorators.push(IsString({ each: true }), MaxLength(256, { each: true }));
  }
  if (items.itemValidator) decorators.push(items.itemValidator);
  return applyDecorators(...decorators);
}

/** A free-text filter (substring or exact match is the endpoint's business). */
export function QueryText(options: { description?: string; maxLength?: number } = {}): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description: options.description }),
    IsOptional(),
    IsString({ message: (args) => `${args.property} must be a single string` }),
    MinLength(1),
    MaxLength(options.maxLength ?? 256),
  );
}

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The instants both JavaScript and PostgreSQL spell the same way: 0001-01-01T00:00Z to the end of 9999 (UTC). */
const EARLIEST = new Date('0001-01-01T00:00:00Z').getTime();
const LATEST = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * An ISO 8601 date or date-time naming a real calendar day and time (`2026-02-30` and `T24:00` are
 * refused, never rolled over) whose instant lies in years 0001-9999 UTC once its offset is applied:
 * year 0000 is 1 BC in ISO 8601, which PostgreSQL rejects, and `0001-01-01T00:00+14:00` is in it.
 */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_8601.exec(value);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const offset = match[7];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (offset !== undefined && offset !== 'Z') {
    const [offsetHours, offsetMinutes] = [Number(offset.slice(1, 3)), Number(offset.slice(-2))];
    if (offsetHours > 14 || offsetMinutes > 59) return false;
  }
  const instant = Date.parse(value);
  return !Number.isNaN(instant) && instant >= EARLIEST && instant <= LATEST;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

export function IsIsoTimestamp(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIsoTimestamp',
      validator: {
        validate: (value) => isIsoTimestamp(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be an ISO 8601 timestamp such as 2026-11-21T20:02:55.123Z`,
      },
    },
    options,
  );
}

/** An inclusive ISO 8601 bound (`createdFrom`, `updatedTo`, …). */
export function QueryTimestamp(description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date-time', description }),
    IsOptional(),
    IsIsoTimestamp(),
  );
}

/** `page` and `pageSize`, shared by every paginated list. */
export class PaginationQueryDto {
  @QueryPage()
  page?: number;

  @QueryPageSize()
  pageSize?: number;
}

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  /** As a string: (page - 1) × pageSize can exceed 2^53 for the largest legal page. */
  readonly offset: string;
}

export function pageRequest(query: PaginationQueryDto): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  return { page, pageSize, offset: ((BigInt(page) - 1n) * BigInt(pageSize)).toString() };
}

export class PageDto {
  @ApiProperty({ example: 123 })
  total: number;

  @ApiProperty({ example: 1 })
  page: number;

  @ApiProperty({ example: 10 })
  pageSize: number;
}
