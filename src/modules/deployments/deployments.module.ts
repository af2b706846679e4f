import { Module, OnModuleInit } from '@nestjs/common';
import { AuditLogModule } from '../audit/audit-log.module';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { AccountApiKeysController } from './api/account-api-keys.controller';
import { AccountDeploymentsController } from './api/account-deployments.controller';
import { AccountMembersController } from './api/account-members.controller';
import { AccountAccessService } from './application/account-access.service';
import { AccountMemberRepository } from './domain/account-member.repository';
import { TypeOrmAccountMemberRepository } from './infrastructure/typeorm-account-member.repository';
import { AccountsController } from './api/accounts.controller';
import { AccountsService } from './application/accounts.service';
import { NetworksController } from './api/networks.controller';
import { AccessGuard } from './api/access.guard';
import { TransactionPresenter } from './api/transaction-presenter';
import { TransactionsController } from './api/transactions.controller';
import { TransactionsExportController } from './api/transactions-export.controller';
import { ChainModule } from '../chain/chain.module';
import { ChainEventIntake } from '../chain/application/chain-event-intake';
import { DeployEventHandler } from './application/deploy-event.handler';
import { DepositTransferHandler } from './application/deposit-transfer.handler';
import { DeploymentsService } from './application/deployments.service';
import { TransactionRecorder } from './application/transaction-recorder';
import { WalletFactory } from './application/wallet-factory';
import { TransactionsService } from './application/transactions.service';
import { TransactionReadRepository } from './domain/transaction-read-model';
import { TypeOrmTransactionReadRepository } from './infrastructure/typeorm-transaction-read.repository';
import { DeploymentRepository } from './domain/deployment.repository';
import { TransactionRepository } from './domain/transaction.repository';
import { TypeOrmTransactionRepository } from './infrastructure/typeorm-transaction.repository';
import { TypeOrmDeploymentRepository } from './infrastructure/typeorm-deployment.repository';

/**
 * Accounts, deployments, the access guard and the transactions read model, and this context's
 * reactions to `deploy` and `transfer` chain events. Other contexts import this module to protect
 * their controllers with `@DeploymentScoped()` and to record transactions (`TransactionRecorder`).
 */
@Module({
  imports: [AuthModule, AuditLogModule, CatalogModule, ChainModule],
  // Literal paths first: AccountDeploymentsController's `deployments/…` must win over `:accountId`, and
  // TransactionsExportController's `transactions/export` over `transactions/:transactionId`.
  controllers: [
    AccountDeploymentsController,
    AccountsController,
    AccountMembersController,
    AccountApiKeysController,
    NetworksController,
    TransactionsExportController,
    TransactionsController,
  ],
  providers: [
    DeploymentsService,
    WalletFactory,
    AccountsService,
    AccountAccessService,
    AccessGuard,
    TransactionRecorder,
    DeployEventHandler,
    DepositTransferHandler,
    TransactionsService,
    TransactionPresenter,
    { provide: DeploymentRepository, useClass: TypeOrmDeploymentRepository },
    { provide: AccountMemberRepository, useClass: TypeOrmAccountMemberRepository },
    { provide: TransactionReadRepository, useClass: TypeOrmTransactionReadRepository },
    { provide: TransactionRepository, useClass: TypeOrmTransactionRepository },
  ],
  exports: [
    DepositTransferHandler,
    DeploymentsService,
    AccessGuard,
    AccountsService,
    WalletFactory,
    DeploymentRepository,
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
