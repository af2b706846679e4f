import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { PayeesModule } from '../payees/payees.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { QueueModule } from '../queue/queue.module';
import { OperationReviewController } from './api/operation-review.controller';
import { OperationReviewService } from './application/operation-review.service';
import { OperationSimulator } from './domain/operation-simulator';
import { RpcOperationSimulator } from './infrastructure/rpc-operation-simulator';

/**
 * The operation review (docs/review-and-policy.md): reads the queue, the catalog, the address book
 * and earlier payouts, and simulates through the chain's node. It owns no table and nothing
 * depends on it.
 */
@Module({
  imports: [AuthModule, CatalogModule, DeploymentsModule, QueueModule, PayoutsModule, PayeesModule],
  controllers: [OperationReviewController],
  providers: [OperationReviewService, { provide: OperationSimulator, useClass: RpcOperationSimulator }],
})
export class ReviewModule {}
