import type { INestApplication, Type } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import {
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ModulesContainer } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { PooledDataSource } from '../../database/pooled-data-source';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { ReadRoutingInterceptor, readsPrimary } from './read-routing.interceptor';
import { UndeclaredQueryGuard } from './undeclared-query.guard';

const WRITES = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PATCH]);

type Handler = (...args: never[]) => unknown;

/**
 * Enhancers that concern only some routes, attached to exactly those routes' handlers:
 *
 * - the Idempotency-Key interceptor, to every POST and PATCH (docs/contract.md, Merchants);
 * - the undeclared-query guard, after the route's own guards, to every handler without a query DTO;
 * - with read replicas (DATABASE_READ_URLS), the read routing interceptor, first, to every route
 *   but the streams that must read the primary (`@ReadsPrimary`).
 *
 * Registered globally they would run on every request: Nest passes each request of a route that
 * has any interceptor through an RxJS pipeline, about a tenth of the CPU a GET costs (a profile
 * of the transaction detail endpoint), and a global guard runs before the routes' own, which
 * would answer a stray parameter with 400 before credentials get their 401.
 *
 * Nest builds its routes from this metadata when the app initialises, so this runs before
 * `init`/`listen` (`configureApp`).
 */
export function attachRouteEnhancers(app: INestApplication): void {
  const idempotency = app.get(IdempotencyInterceptor, { strict: false });
  const undeclaredQuery = new UndeclaredQueryGuard();
  const dataSource = app.get(DataSource);
  const readRouting =
    dataSource instanceof PooledDataSource && dataSource.readReplicas !== undefined
      ? new ReadRoutingInterceptor(dataSource)
      : undefined;
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (typeof metatype !== 'function') continue;
      const controller = metatype as Type;
      for (const [name, handler] of routeHandlers(controller)) {
        if (WRITES.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod)) {
          attach(INTERCEPTORS_METADATA, handler, idempotency, 'first');
        }
        // Another app of the process (the tests) may have attached it: taken off when this one reads the primary only.
        if (readRouting !== undefined && !readsPrimary(handler))
          attach(INTERCEPTORS_METADATA, handler, readRouting, 'first');
        else detach(INTERCEPTORS_METADATA, handler, ReadRoutingInterceptor);
        if (!declaresQuery(controller, name)) attach(GUARDS_METADATA, handler, undeclaredQuery, 'last');
      }
    }
  }
}

function* routeHandlers(controller: Type): Generator<[string, Handler]> {
  const prototype = controller.prototype as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
    // A route's method carries its HTTP method; the class (`constructor`) carries only a path.
    if (typeof handler === 'function' && Reflect.hasOwnMetadata(METHOD_METADATA, handler))
      yield [name, handler as Handler];
  }
}

function declaresQuery(controller: Type, name: string): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>;
  return Object.keys(args).some((key) => key.split(':')[0] === String(RouteParamtypes.QUERY));
}

function detach(key: string, handler: Handler, type: Type): void {
  const all = (Reflect.getMetadata(key, handler) as object[] | undefined) ?? [];
  if (all.some((entry) => entry.constructor === type))
    Reflect.defineMetadata(
      key,
      all.filter((entry) => entry.constructor !== type),
      handler,
    );
}

/**
 * Puts `enhancer` first or last in the handler's list. The metadata belongs to the class, so an
 * earlier app in the same process (the tests start many) left its own instance there: it is
 * replaced, not kept beside. Routes an app has built keep the instances they were built with.
 */
function attach(key: string, handler: Handler, enhancer: object, at: 'first' | 'last'): void {
  const others = ((Reflect.getMetadata(key, handler) as object[] | undefined) ?? []).filter(
    (entry) => entry.constructor !== enhancer.constructor,
  );
  Reflect.defineMetadata(key, at === 'first' ? [enhancer, ...others] : [...others, enhancer], handler);
}
