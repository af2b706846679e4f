import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, concatMap, from, map, mergeMap, Observable, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import { PooledDataSource } from '../../database/pooled-data-source';
import { runInReadScope } from '../../database/read-replicas';

const READS_PRIMARY = 'reads-primary';

/**
 * A GET route whose reads must see the primary at once: a stream that reads again when the primary
 * notifies it of a commit (a replica may not have replayed that commit yet).
 */
export const ReadsPrimary = (): MethodDecorator => SetMetadata(READS_PRIMARY, true);

export function readsPrimary(handler: object): boolean {
  return Reflect.getMetadata(READS_PRIMARY, handler) === true;
}

/**
 * With DATABASE_READ_URLS set, attached to every route (route-enhancers): a GET handler runs in a
 * read scope, so its plain reads may go to a replica; guards ran before it, on the primary. After
 * any other request of a member, the primary's WAL position is recorded for that member, before
 * the answer leaves: its next read goes to the primary until a replica has replayed its write.
 * Attached first, it is outside the Idempotency-Key interceptor, whose transaction has committed
 * by then.
 */
@Injectable()
export class ReadRoutingInterceptor implements NestInterceptor {
  private readonly dataSource: PooledDataSource;

  constructor(dataSource: DataSource) {
    this.dataSource = dataSource as PooledDataSource;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { caller?: { memberId: string } }>();
    const caller = req.caller?.memberId;
    if (req.method === 'GET' || req.method === 'HEAD') return runInReadScope(caller, () => next.handle());
    if (caller === undefined) return next.handle();
    const recorded = () => from(this.dataSource.recordWrite(caller));
    return next.handle().pipe(
      concatMap((value: unknown) => recorded().pipe(map(() => value))),
      catchError((error: unknown) => recorded().pipe(mergeMap(() => throwError(() => error)))),
    );
  }
}
