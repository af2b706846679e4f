import { applyDecorators, CanActivate, ExecutionContext, Global, Injectable, Module, UseGuards } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DomainError } from '../domain/domain-error';
import { ErrorResponseDto } from './error-response.dto';

/** Seconds a refused export is told to wait: a short export ends well within it. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

/**
 * The exports one instance runs at a time: at most EXPORT_MAX_CONCURRENT in all and one per
 * member. An export holds a database connection of its own and a snapshot for as long as its
 * reader takes, so a member's second export, or one more than the instance allows, is refused
 * (429 with Retry-After) rather than queued behind a slow reader.
 */
export class ExportSlots {
  private readonly members = new Set<string>();

  constructor(private readonly max: number) {}

  get running(): number {
    return this.members.size;
  }

  /** Takes a slot for `member`, or throws 429; the returned function gives it back (once). */
  enter(member: string): () => void {
    if (this.members.has(member)) {
      throw new DomainError(
        'rate_limited',
        'EXPORT_IN_PROGRESS',
        `An export of this member is still running; retry in ${EXPORT_RETRY_AFTER_SECONDS} seconds`,
        [],
        EXPORT_RETRY_AFTER_SECONDS,
      );
    }
    if (this.members.size >= this.max) {
      throw new DomainError(
        'rate_limited',
        'TOO_MANY_EXPORTS',
        `The service runs as many exports as it allows; retry in ${EXPORT_RETRY_AFTER_SECONDS} seconds`,
        [],
        EXPORT_RETRY_AFTER_SECONDS,
      );
    }
    this.members.add(member);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.members.delete(member);
    };
  }
}

/**
 * Holds an export slot for the request's member from before the export starts until its answer
 * closes (sent, cut, or the client gone). It runs after the route's access guard, which names the
 * member; a route without one counts per client address.
 */
@Injectable()
export class ExportSlotGuard implements CanActivate {
  constructor(private readonly slots: ExportSlots) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request & { caller?: { memberId: string } }>();
    const res = context.switchToHttp().getResponse<Response>();
    const member = req.caller?.memberId ?? `ip:${req.ip ?? req.socket.remoteAddress ?? ''}`;
    const leave = this.slots.enter(member);
    res.once('close', leave);
    return true;
  }
}

/** An export route: one slot per member and EXPORT_MAX_CONCURRENT per instance, else 429. */
export function ExportRoute(): MethodDecorator {
  return applyDecorators(
    UseGuards(ExportSlotGuard),
    ApiResponse({
      status: 429,
      description:
        'Rate limit of the credential (API_RATE_LIMIT per API_RATE_WINDOW) reached (TOO_MANY_REQUESTS), an export of this member is running (EXPORT_IN_PROGRESS), or the instance runs EXPORT_MAX_CONCURRENT exports (TOO_MANY_EXPORTS)',
      headers: {
        'Retry-After': { description: 'Seconds until a request is admitted again', schema: { type: 'integer' } },
      },
      type: ErrorResponseDto,
    }),
  );
}

/** Makes the instance's `ExportSlots` and its guard available to every context's export route. */
@Global()
@Module({
  providers: [
    {
      provide: ExportSlots,
      useFactory: (config: AppConfig) => new ExportSlots(config.exportMaxConcurrent),
      inject: [APP_CONFIG],
    },
    ExportSlotGuard,
  ],
  exports: [ExportSlots, ExportSlotGuard],
})
export class ExportSlotsModule {}
