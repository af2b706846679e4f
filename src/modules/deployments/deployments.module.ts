import { Module, OnModuleInit } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { AccountAccessGuard } from './api/account-access.guard';
import { AccountDeploymentsController } from './api/account-deployments.controller';
import { AccountsController } from './api/accounts.controller';
import { AccountsService } from './application/accounts.service';
import { NetworksController } from './api/networks.controller';
import { DeploymentAccessGuard } from './api/deployment-access.guard';
import { ChainEventsController } from './api/chain-events.controller';
import { TransactionsController } from './api/transactions.controller';
import { ChainEventIntake } from './application/chain-events/chain-event-intake';
import { DeployEventHandler } from './application/chain-events/deploy-event.handler';
import { DepositTransferHandler } from './application/chain-events/deposit-transfer.handler';
import { DeploymentsService } from './application/deployments.service';
import { TransactionRecorder } from './application/transaction-recorder';
import { WalletFactory } from './application/wallet-factory';
import { TransactionsService } from './application/transactions.service';
import { TransactionReadRepository } from './domain/transaction-read-model';
import { TypeOrmTransactionReadRepository } from './infrastructure/typeorm-transaction-read.repository';
import { DeploymentRepository } from './domain/deployment.repository';
import { TypeOrmDeploymentRepository } from './infrastructure/typeorm-deployment.repository';

/**
 * Accounts, deployments, the access guard, the transactions read model and the chain-event intake.
 * Other contexts import this module to protect their controllers with `@DeploymentScoped()`, to
 * record transactions (`TransactionRecorder`) and to register their chain-event handlers with
 * `ChainEventIntake.register()` in their own `onModuleInit`.
 */
@Module({
  imports: [AuthModule, CatalogModule],
  // AccountDeploymentsController first: its literal `deployments/…` path must win over `:accountId`.
  controllers: [
    AccountDeploymentsController,
    AccountsController,
    NetworksController,
    ChainEventsController,
    TransactionsController,
  ],
  providers: [
    DeploymentsService,
    WalletFactory,
    AccountsService,
    AccountAccessGuard,
    DeploymentAccessGuard,
    ChainEventIntake,
    TransactionRecorder,
    DeployEventHandler,
    DepositTransferHandler,
    TransactionsService,
    { provide: DeploymentRepository, useClass: TypeOrmDeploymentRepository },
    { provide: TransactionReadRepository, useClass: TypeOrmTransactionReadRepository },
  ],
  exports: [
    DeploymentsService,
    AccountAccessGuard,
    AccountsService,
    WalletFactory,
    DeploymentAccessGuard,
    DeploymentRepository,
    ChainEventIntake,
    TransactionRecorder,
    AuthModule,
  ],
})
export class DeploymentsModule implements OnModuleInit {
  constructor(
    private readonly intake: ChainEventIntake,
    private readonly deployHandler: DeployEventHandler,
    private readonly depositHandler: DepositTransferHandler,
  ) {}

  onModuleInit(): void {
    this.intake.register(this.deployHandler);
    this.intake.register(this.depositHandler);
  }
}
