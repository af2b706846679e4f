import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { DomainError } from '../domain/domain-error';

/**
 * Handlers with a query DTO reject unknown parameters through the validation pipe. This covers the
 * handlers that declare no query at all, so that a typo never passes silently anywhere (SPEC §1).
 */
@Injectable()
export class UndeclaredQueryInterceptor implements NestInterceptor {
  private readonly declaresQuery = new WeakMap<object, boolean>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const query = context.switchToHttp().getRequest<Request>().query;
    const keys = Object.keys(query ?? {});
    if (keys.length > 0 && !this.handlerDeclaresQuery(context)) {
      throw DomainError.invalid(
        'VALIDATION_FAILED',
        `Invalid request: ${keys.join(', ')}`,
        keys.map((field) => ({ field, message: `${field} is not allowed` })),
      );
    }
    return next.handle();
  }

  private handlerDeclaresQuery(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let declared = this.declaresQuery.get(handler);
    if (declared === undefined) {
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), handler.name) ?? {}) as Record<
        string,
        unknown
      >;
      declared = Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.QUERY));
      this.declaresQuery.set(handler, declared);
    }
    return declared;
  }
}
