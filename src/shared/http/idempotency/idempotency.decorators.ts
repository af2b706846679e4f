import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const SKIP_IDEMPOTENCY = 'http:skip-idempotency';
/** Marks the operation in the OpenAPI document, so the Idempotency-Key header is not listed on it. */
export const IDEMPOTENCY_EXEMPT_EXTENSION = 'x-idempotency-exempt';

/**
 * A POST whose response must never be stored (it shows a secret once): the Idempotency-Key header
 * is ignored there, and each call does its work again.
 */
export function SkipIdempotency(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(SKIP_IDEMPOTENCY, true), ApiExtension(IDEMPOTENCY_EXEMPT_EXTENSION, true));
}
