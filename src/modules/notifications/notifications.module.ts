import { Module, OnModuleInit } from '@nestjs/common';
import { AuditLogModule } from '../audit/audit-log.module';
import { CallbacksModule } from '../callbacks/callbacks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { PayeesModule } from '../payees/payees.module';
import { QueueOperationListeners } from '../queue/application/queue-operation-listeners';
import { QueueModule } from '../queue/queue.module';
import { NotificationSettingsController } from './api/notification-settings.controller';
import { NotificationScheduler } from './application/notification-scheduler';
import { NotificationSettingsService } from './application/notification-settings.service';
import { OperationNotifications } from './application/operation-notifications';
import { NotificationChannels } from './infrastructure/notification-channels';
import { NotificationDeliveryWorker } from './infrastructure/notification-delivery.worker';
import { NotificationRepository } from './domain/notification.repository';
import { TypeOrmNotificationRepository } from './infrastructure/typeorm-notification.repository';

/**
 * Approver notifications (docs/notifications.md): each member's settings, the outbox the queue's
 * changes write to inside their transactions, the reminder and the digest, and the worker that
 * delivers by e-mail, Slack and Telegram.
 */
@Module({
  imports: [AuditLogModule, CallbacksModule, CatalogModule, DeploymentsModule, PayeesModule, QueueModule],
  controllers: [NotificationSettingsController],
  providers: [
    { provide: NotificationRepository, useClass: TypeOrmNotificationRepository },
    NotificationSettingsService,
    OperationNotifications,
    NotificationScheduler,
    NotificationChannels,
    NotificationDeliveryWorker,
  ],
  exports: [NotificationDeliveryWorker, NotificationScheduler],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly listeners: QueueOperationListeners,
    private readonly notifications: OperationNotifications,
  ) {}

  onModuleInit(): void {
    this.listeners.onOperationChanged((change, manager) => this.notifications.follow(change, manager));
  }
}
