import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { ChainEventsController, IndexerKeyGuard } from './api/chain-events.controller';
import { ChainEventIntake } from './application/chain-event-intake';
import { ChainEventLedger } from './domain/chain-event-ledger';
import { TypeOrmChainEventLedger } from './infrastructure/typeorm-chain-event-ledger';
import { IndexerStatusReader } from './application/indexer-status';
import { IndexerStatusController } from './api/indexer-status.controller';
import { IndexerService } from './infrastructure/indexer.service';
import { ChainLeaderJobs } from './application/chain-leader-jobs';
import { WalletBalanceReader } from './application/wallet-balance-reader';
import { RpcWalletBalanceReader } from './infrastructure/rpc-wallet-balance-reader';

/**
 * How the chain reaches the service (docs/chain-events.md): the chain-event intake and its internal endpoint.
 * Contexts that react to chain events import this module and register their handlers with
 * `ChainEventIntake.register()` in their own `onModuleInit` (see docs/architecture.md). The
 * built-in indexer of EVM and Tron chains (`infrastructure/indexer.service.ts`) feeds the same intake in process; its status is exported.
 * The leader of a chain also runs the periodic jobs other contexts register with `ChainLeaderJobs`,
 * and `WalletBalanceReader` reads a wallet's balances on chain at the newest final block.
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
    ChainLeaderJobs,
    { provide: WalletBalanceReader, useClass: RpcWalletBalanceReader },
  ],
  exports: [ChainEventIntake, IndexerStatusReader, ChainLeaderJobs, WalletBalanceReader],
})
export class ChainModule {}
