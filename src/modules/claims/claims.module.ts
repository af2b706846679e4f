import { Module, OnModuleInit } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventIntake } from '../deployments/application/chain-events/chain-event-intake';
import { DeploymentsModule } from '../deployments/deployments.module';
import { ClaimsController } from './api/claims.controller';
import { ClaimEventHandler } from './application/claim-event.handler';
import { ClaimsService } from './application/claims.service';
import { ClaimsQueries } from './infrastructure/claims.queries';

/** Claims (SPEC §9): a read model over invoice deposits, and the `claim` chain event that empties it. */
@Module({
  imports: [CatalogModule, DeploymentsModule, BillingModule],
  controllers: [ClaimsController],
  providers: [ClaimsService, ClaimsQueries, ClaimEventHandler],
})
export class ClaimsModule implements OnModuleInit {
  constructor(
    private readonly intake: ChainEventIntake,
    private readonly claimHandler: ClaimEventHandler,
  ) {}

  onModuleInit(): void {
    this.intake.register(this.claimHandler);
  }
}
