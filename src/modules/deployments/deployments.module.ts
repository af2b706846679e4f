import { Module, OnModuleInit } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountDeploymentsController } from './api/account-deployments.controller';
import { DeploymentAccessGuard } from './api/deployment-access.guard';
import { ChainEventsController } from './api/chain-events.controller';
import { ChainEventIntake } from './application/chain-events/chain-event-intake';
import { DeployEventHandler } from './application/chain-events/deploy-event.handler';
import { DeploymentsService } from './application/deployments.service';
import { TransactionRecorder } from './application/transaction-recorder';
import { DeploymentRepository } from './domain/deployment.repository';
import { TypeOrmDeploymentRepository } from './infrastructure/typeorm-deployment.repository';

/**
 * Accounts, deployments, the access guard, the transactions read model and the chain-event intake.
 * Other contexts import this module to protect their controllers with `@DeploymentScoped()`, to
 * record transactions (`TransactionRecorder`) and to register their chain-event handlers with
 * `ChainEventIntake.register()` in their own `onModuleInit`.
 */
@Module({
  imports: [AuthModule],
  controllers: [AccountDeploymentsController, ChainEventsController],
  providers: [
    DeploymentsService,
    DeploymentAccessGuard,
    ChainEventIntake,
    TransactionRecorder,
    DeployEventHandler,
    { provide: DeploymentRepository, useClass: TypeOrmDeploymentRepository },
  ],
  exports: [DeploymentsService, DeploymentAccessGuard, DeploymentRepository, ChainEventIntake, TransactionRecorder, AuthModule],
})
export class DeploymentsModule implements OnModuleInit {
  constructor(
    private readonly intake: ChainEventIntake,
    private readonly deployHandler: DeployEventHandler,
  ) {}

  onModuleInit(): void {
    this.intake.register(this.deployHandler);
  }
}
