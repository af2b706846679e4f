import { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { validationFailed } from './validation';

/**
 * Handlers with a query DTO reject unknown parameters through the validation pipe. This guard
 * covers the handlers that declare no query at all, so that a typo never passes silently anywhere
 * (docs/api-conventions.md). `attachRouteEnhancers` puts it after each such route's own guards: credentials are
 * checked first (401), as on the routes whose DTO finds the stray parameter.
 */
export class UndeclaredQueryGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const query = context.switchToHttp().getRequest<Request>().query;
    const keys = Object.keys(query ?? {});
    if (keys.length > 0) {
      throw validationFailed(keys.map((field) => ({ field, message: `${field} is not allowed` })));
    }
    return true;
  }
}
