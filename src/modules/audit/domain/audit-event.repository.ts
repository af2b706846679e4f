import type { EntityManager } from 'typeorm';
import type { AuditAction, AuditEntry } from './audit-event';

/** The list's and export's filters (docs/audit.md); bounds are inclusive. */
export interface AuditEventFilter {
  readonly createdFrom?: Date;
  readonly createdTo?: Date;
  readonly actions?: readonly AuditAction[];
  /** The actor's address in display form. */
  readonly actorAddress?: string;
  readonly sortOrder: 'asc' | 'desc';
}

export interface AuditEventListFilter extends AuditEventFilter {
  readonly limit: number;
  /** A string: (page - 1) × pageSize can exceed 2^53. */
  readonly offset: string;
}

/** Port for the `audit_events` table; the SQL is in infrastructure/. */
export abstract class AuditEventRepository {
  /** Inserts `entries` inside the caller's transaction (`manager`): they commit or roll back with the change. */
  abstract append(manager: EntityManager, entries: readonly AuditEntry[]): Promise<void>;
  /** The accounts `memberId` belongs to, read inside the caller's transaction. */
  abstract accountsOf(manager: EntityManager, memberId: string): Promise<string[]>;
  abstract list(accountId: string, filter: AuditEventListFilter): Promise<{ total: number; items: AuditEntry[] }>;
  /** Every entry the list would show for `filter` (all its pages), at most `maxRows`, in batches. */
  abstract export(accountId: string, filter: AuditEventFilter, maxRows: number): AsyncGenerator<AuditEntry[]>;
}
