import { AuditLogModule } from '../audit/audit-log.module';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { CallbackSecretController } from './api/callback-secret.controller';
import { CallbackSettingsController } from './api/callback-settings.controller';
import { CallbacksController } from './api/callbacks.controller';
import { CallbackDeliveryWorker } from './application/callback-delivery.worker';
import { CallbackOutbox } from './application/callback-outbox';
import { OutboundPost, SecretSealer } from './application/outbound';
import { CallbackUrlCheck } from './application/callback-url-check';
import { CallbackSecretsService } from './application/callback-secrets.service';
import { CallbackSettingsService } from './application/callback-settings.service';
import { CallbacksService } from './application/callbacks.service';
import { CallbackRepository } from './domain/callback.repository';
import { CallbackSender } from './domain/callback-sender';
import { HttpCallbackSender } from './infrastructure/http-callback-sender';
import { TypeOrmCallbackRepository } from './infrastructure/typeorm-callback.repository';

/**
 * Merchant callbacks (docs/contract.md, Merchants): the outbox other contexts write to inside their transactions
 * (`CallbackOutbox`), the worker that delivers it signed (Standard Webhooks), the delivery log,
 * resend, the per-account signing secret, and the account's settings (where queue notifications go).
 */
@Module({
  imports: [AuditLogModule, AuthModule, DeploymentsModule],
  controllers: [CallbacksController, CallbackSecretController, CallbackSettingsController],
  providers: [
    CallbackOutbox,
    CallbackUrlCheck,
    CallbackSecretsService,
    CallbackSettingsService,
    CallbacksService,
    CallbackDeliveryWorker,
    OutboundPost,
    SecretSealer,
    { provide: CallbackRepository, useClass: TypeOrmCallbackRepository },
    { provide: CallbackSender, useClass: HttpCallbackSender },
  ],
  exports: [
    CallbackOutbox,
    CallbackUrlCheck,
    CallbackSettingsService,
    CallbackDeliveryWorker,
    OutboundPost,
    SecretSealer,
  ],
})
export class CallbacksModule {}
