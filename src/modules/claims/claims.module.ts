import { Module, OnModuleInit } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventIntake } from '../chain/application/chain-event-intake';
import { ChainModule } from '../chain/chain.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { ClaimsController } from './api/claims.controller';
import { ClaimEventHandler } from './application/claim-event.handler';
import { ClaimsService } from './application/claims.service';
import { ClaimPresenter } from './api/claim-presenter';
import { ClaimRepository } from './domain/claim.repository';
import { TypeOrmClaimRepository } from './infrastructure/typeorm-claim.repository';

/** Claims (docs/contract.md, Claims): a read model over invoice deposits, and the `claim` chain event that empties it. */
@Module({
  imports: [CatalogModule, ChainModule, DeploymentsModule, BillingModule],
  controllers: [ClaimsController],
  providers: [
    ClaimsService,
    ClaimPresenter,
    ClaimEventHandler,
    { provide: ClaimRepository, useClass: TypeOrmClaimRepository },
  ],
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
