import { AuditLogModule } from '../audit/audit-log.module';
import { Module, OnModuleInit } from '@nestjs/common';
import { CallbacksModule } from '../callbacks/callbacks.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { PayeesModule } from '../payees/payees.module';
import { OperationTransactionDetailsProviders } from '../queue/application/operation-transaction-details';
import { QueueOperationListeners } from '../queue/application/queue-operation-listeners';
import { QueueModule } from '../queue/queue.module';
import { PayoutsController } from './api/payouts.controller';
import { PayoutCallbacks } from './application/payout-callbacks';
import { PayoutPresenter } from './application/payout-presenter';
import { PayoutOperationFollower } from './application/payout-operation-follower';
import { PayoutsService } from './application/payouts.service';
import { PayoutRepository } from './domain/payout.repository';
import { TypeOrmPayoutRepository } from './infrastructure/typeorm-payout.repository';

/**
 * Money out (docs/contract.md, Payouts): payouts, each carried by a PAYOUT queue operation created with it. The
 * payout follows its operation through the queue's listeners, and tells the queue what an executed
 * PAYOUT moved so its OUT transaction shows currency, amount and recipient.
 */
@Module({
  imports: [AuditLogModule, CatalogModule, DeploymentsModule, QueueModule, CallbacksModule, PayeesModule],
  controllers: [PayoutsController],
  providers: [
    PayoutsService,
    PayoutPresenter,
    PayoutOperationFollower,
    PayoutCallbacks,
    { provide: PayoutRepository, useClass: TypeOrmPayoutRepository },
  ],
  exports: [PayoutsService],
})
export class PayoutsModule implements OnModuleInit {
  constructor(
    private readonly listeners: QueueOperationListeners,
    private readonly transactionDetails: OperationTransactionDetailsProviders,
    private readonly follower: PayoutOperationFollower,
  ) {}

  onModuleInit(): void {
    this.listeners.onOperationChanged((change, manager) => this.follower.follow(change, manager));
    this.transactionDetails.register('PAYOUT', (operation, manager) =>
      this.follower.transactionDetails(operation, manager),
    );
  }
}
