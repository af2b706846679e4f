import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { AuditEventsController } from './api/audit-events.controller';
import { AuditEventsService } from './application/audit-events.service';
import { AuditLogModule } from './audit-log.module';

/**
 * The audit log (docs/audit.md): an account's entries, listed and exported, for its ADMINs. Entries
 * are written through `AuditLogModule`'s port by the contexts that make the changes.
 */
@Module({
  imports: [AuditLogModule, AuthModule, DeploymentsModule],
  controllers: [AuditEventsController],
  providers: [AuditEventsService],
})
export class AuditModule {}
