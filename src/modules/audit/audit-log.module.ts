import { Module } from '@nestjs/common';
import { AuditLog } from './application/audit-log';
import { AuditEventRepository } from './domain/audit-event.repository';
import { TypeOrmAuditEventRepository } from './infrastructure/typeorm-audit-event.repository';

/**
 * The audit log's port (`AuditLog.record`), for every context that changes an account. It imports
 * nothing, so any module may import it (the module with the log's endpoints, `AuditModule`, needs
 * the access guard's modules, which themselves record through this one).
 */
@Module({
  providers: [AuditLog, { provide: AuditEventRepository, useClass: TypeOrmAuditEventRepository }],
  exports: [AuditLog, AuditEventRepository],
})
export class AuditLogModule {}
