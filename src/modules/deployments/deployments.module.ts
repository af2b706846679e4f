import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountDeploymentsController } from './api/account-deployments.controller';
import { DeploymentAccessGuard } from './api/deployment-access.guard';
import { DeploymentsService } from './application/deployments.service';
import { DeploymentRepository } from './domain/deployment.repository';
import { TypeOrmDeploymentRepository } from './infrastructure/typeorm-deployment.repository';

/**
 * Accounts, deployments and the access guard. Other contexts import this module to protect their
 * deployment-scoped controllers with `@DeploymentScoped()`.
 */
@Module({
  imports: [AuthModule],
  controllers: [AccountDeploymentsController],
  providers: [DeploymentsService, DeploymentAccessGuard, { provide: DeploymentRepository, useClass: TypeOrmDeploymentRepository }],
  exports: [DeploymentsService, DeploymentAccessGuard, DeploymentRepository, AuthModule],
})
export class DeploymentsModule {}
