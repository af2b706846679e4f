import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog/catalog.module';
import { IndexerKeyGuard } from '../api/chain-events.controller';
import { ChainModule } from '../chain.module';
import { IndexerStatusController } from './indexer-status.controller';
import { IndexerService } from './indexer.service';

/** The built-in EVM indexer and its status endpoint; exports the service for readiness. */
@Module({
  imports: [ChainModule, CatalogModule],
  controllers: [IndexerStatusController],
  providers: [IndexerService, IndexerKeyGuard],
  exports: [IndexerService],
})
export class IndexerModule {}
