import type { AuditEntry } from '../domain/audit-event';
import type { AuditEventResponseDto } from './audit-event-response.dto';

/** An entry's wire form: the list's item and the export's row. */
export function presentAuditEvent(entry: AuditEntry): AuditEventResponseDto {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    action: entry.action,
    actor: { address: entry.actor.address, via: entry.actor.via, keyId: entry.actor.keyId },
    target: { type: entry.target.type, id: entry.target.id },
    changes: entry.changes === null ? null : { ...entry.changes },
    requestId: entry.requestId,
    clientAddress: entry.clientAddress,
  };
}
