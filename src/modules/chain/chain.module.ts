import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventsController, IndexerKeyGuard } from './api/chain-events.controller';
import { ChainEventIntake } from './application/chain-event-intake';
import { ChainEventLedger } from './domain/chain-event-ledger';
import { TypeOrmChainEventLedger } from './infrastructure/typeorm-chain-event-ledger';

/**
 * How the chain reaches the service (SPEC §10): the chain-event intake and its internal endpoint.
 * Contexts that react to chain events import this module and register their handlers with
 * `ChainEventIntake.register()` in their own `onModuleInit` (see docs/architecture.md).
 */
@Module({
  imports: [CatalogModule],
  controllers: [ChainEventsController],
  providers: [ChainEventIntake, IndexerKeyGuard, { provide: ChainEventLedger, useClass: TypeOrmChainEventLedger }],
  exports: [ChainEventIntake],
})
export class ChainModule {}
