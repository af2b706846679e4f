import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventsController, IndexerKeyGuard } from './api/chain-events.controller';
import { ChainEventIntake } from './application/chain-event-intake';
import { ChainEventLedger } from './domain/chain-event-ledger';
import { TypeOrmChainEventLedger } from './infrastructure/typeorm-chain-event-ledger';
import { IndexerStatusReader } from './application/indexer-status';
import { IndexerStatusController } from './api/indexer-status.controller';
import { IndexerService } from './infrastructure/indexer.service';

/**
 * How the chain reaches the service (docs/chain-events.md): the chain-event intake and its internal endpoint.
 * Contexts that react to chain events import this module and register their handlers with
 * `ChainEventIntake.register()` in their own `onModuleInit` (see docs/architecture.md). The
 * built-in indexer of EVM and Tron chains (`infrastructure/indexer.service.ts`) feeds the same intake in process; its status is exported.
 */
@Module({
  imports: [CatalogModule],
  controllers: [ChainEventsController, IndexerStatusController],
  providers: [
    ChainEventIntake,
    IndexerKeyGuard,
    { provide: ChainEventLedger, useClass: TypeOrmChainEventLedger },
    IndexerService,
    { provide: IndexerStatusReader, useExisting: IndexerService },
  ],
  exports: [ChainEventIntake, IndexerStatusReader],
})
export class ChainModule {}
