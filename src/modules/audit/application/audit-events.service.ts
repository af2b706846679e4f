import { Injectable } from '@nestjs/common';
import { Address } from '../../../shared/domain/address';
import { lowerTimestampBound, upperTimestampBound } from '../../../shared/domain/timestamp-bounds';
import type { AuditAction, AuditEntry } from '../domain/audit-event';
import { AuditEventFilter, AuditEventRepository } from '../domain/audit-event.repository';

/** The list's and export's filters as the client sent them (shape already checked). */
export interface AuditEventsQuery {
  readonly sortOrder?: 'asc' | 'desc';
  readonly createdFrom?: string;
  readonly createdTo?: string;
  readonly actions?: readonly AuditAction[];
  readonly actor?: string;
}

/** Reading an account's audit log (docs/audit.md); the access guard has checked the caller may. */
@Injectable()
export class AuditEventsService {
  constructor(private readonly events: AuditEventRepository) {}

  list(
    accountId: string,
    query: AuditEventsQuery,
    page: { limit: number; offset: string },
  ): Promise<{ total: number; items: AuditEntry[] }> {
    return this.events.list(accountId, { ...filterOf(query), ...page });
  }

  /** Every entry the list would show (all its pages), at most `maxRows`, in batches. */
  export(accountId: string, query: AuditEventsQuery, maxRows: number): AsyncGenerator<AuditEntry[]> {
    return this.events.export(accountId, filterOf(query), maxRows);
  }
}

/** An actor in any spelling of its address matches the entries of that address (stored in display form). */
function filterOf(query: AuditEventsQuery): AuditEventFilter {
  return {
    createdFrom: lowerTimestampBound(query.createdFrom),
    createdTo: upperTimestampBound(query.createdTo),
    actions: query.actions,
    actorAddress: query.actor === undefined ? undefined : Address.parseUniversal(query.actor, 'actor').display,
    sortOrder: query.sortOrder ?? 'desc',
  };
}
