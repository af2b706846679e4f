/** How a use case describes what it changed (docs/audit.md): the audit log's public helpers. */
export { auditedUrl, changedFields } from '../domain/audit-event';
export type { AuditActor, AuditChanges, AuditEvent, AuditTarget } from '../domain/audit-event';
