import { OmitType } from '@nestjs/swagger';
import {
  PaginationQueryDto,
  QueryArray,
  QueryEnum,
  QueryText,
  QueryTimestamp,
} from '../../../shared/http/query-params';
import { AUDIT_ACTIONS, AuditAction } from '../domain/audit-event';

/** The audit log list's parameters (docs/audit.md). */
export class AuditEventsQueryDto extends PaginationQueryDto {
  @QueryEnum(['asc', 'desc'], { default: 'desc', description: 'By createdAt; newest first by default' })
  sortOrder?: 'asc' | 'desc';

  @QueryTimestamp('Inclusive lower bound of createdAt')
  createdFrom?: string;

  @QueryTimestamp('Inclusive upper bound of createdAt')
  createdTo?: string;

  @QueryArray({ enum: AUDIT_ACTIONS, description: 'Entries of any of these actions' })
  actions?: AuditAction[];

  @QueryText({
    description: 'Entries of this actor: an EVM address (any case) or a Tron address (base58 or 41… hex)',
    maxLength: 64,
  })
  actor?: string;
}

/** The list's filters and sort; the export has no pages. */
export class ExportAuditEventsQueryDto extends OmitType(AuditEventsQueryDto, ['page', 'pageSize'] as const) {}
