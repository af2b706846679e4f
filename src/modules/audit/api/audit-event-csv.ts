import type { CsvColumn } from '../../../shared/http/csv';
import type { AuditEventResponseDto } from './audit-event-response.dto';

/** The audit export's columns, filled from the list's own item DTO (so values read as in the API). */
export const AUDIT_EVENT_CSV_COLUMNS: readonly CsvColumn<AuditEventResponseDto>[] = [
  { header: 'id', value: (e) => e.id },
  { header: 'createdAt', value: (e) => e.createdAt },
  { header: 'action', value: (e) => e.action },
  { header: 'actorAddress', value: (e) => e.actor.address },
  { header: 'actorVia', value: (e) => e.actor.via },
  { header: 'actorKeyId', value: (e) => e.actor.keyId },
  { header: 'targetType', value: (e) => e.target.type },
  { header: 'targetId', value: (e) => e.target.id, freeText: true },
  // JSON of values people typed (names, tracking ids, URLs): defused like any free text.
  { header: 'changes', value: (e) => (e.changes === null ? null : JSON.stringify(e.changes)), freeText: true },
  { header: 'requestId', value: (e) => e.requestId, freeText: true },
  { header: 'clientAddress', value: (e) => e.clientAddress },
];
