import { AuditLogModule } from '../audit/audit-log.module';
import { Module, OnModuleInit } from '@nestjs/common';
import { CallbacksModule } from '../callbacks/callbacks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { ChainEventIntake } from '../chain/application/chain-event-intake';
import { ChainModule } from '../chain/chain.module';
import { QueueOperationsController } from './api/queue-operations.controller';
import { ExecutionEventHandler } from './application/execution-event.handler';
import { OperationCallbacks } from './application/operation-callbacks';
import { OperationTransactionDetailsProviders } from './application/operation-transaction-details';
import { QueueOperationListeners } from './application/queue-operation-listeners';
import { QueueService } from './application/queue.service';
import { QueueOperationRepository } from './domain/queue-operation.repository';
import { TypeOrmQueueOperationRepository } from './infrastructure/typeorm-queue-operation.repository';

/**
 * The operations queue: operations, owners' signatures, and what execution events do to them.
 * Other contexts use `QueueService.createOperation` (inside their transaction) and follow their
 * operations through `QueueOperationListeners.onOperationChanged`, and say what their executed
 * operations moved through `OperationTransactionDetailsProviders.register`. The queue's own
 * notifications (`OperationCallbacks`, the OPERATION_* callbacks) follow every operation the same way.
 */
@Module({
  imports: [AuditLogModule, CallbacksModule, CatalogModule, ChainModule, DeploymentsModule],
  controllers: [QueueOperationsController],
  providers: [
    QueueService,
    QueueOperationListeners,
    OperationTransactionDetailsProviders,
    ExecutionEventHandler,
    OperationCallbacks,
    { provide: QueueOperationRepository, useClass: TypeOrmQueueOperationRepository },
  ],
  exports: [QueueService, QueueOperationListeners, OperationTransactionDetailsProviders],
})
export class QueueModule implements OnModuleInit {
  constructor(
    private readonly intake: ChainEventIntake,
    private readonly executionHandler: ExecutionEventHandler,
    private readonly listeners: QueueOperationListeners,
    private readonly operationCallbacks: OperationCallbacks,
  ) {}

  onModuleInit(): void {
    this.intake.register(this.executionHandler);
    this.listeners.onOperationChanged((change, manager) => this.operationCallbacks.announce(change, manager));
  }
}
