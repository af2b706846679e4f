import { Module } from '@nestjs/common';
import { ChainEventsController, IndexerKeyGuard } from './api/chain-events.controller';
import { ChainEventIntake } from './application/chain-event-intake';

/**
 * How the chain reaches the service (SPEC §10): the chain-event intake and its internal endpoint.
 * Contexts that react to chain events import this module and register their handlers with
 * `ChainEventIntake.register()` in their own `onModuleInit` (see docs/architecture.md).
 */
@Module({
  controllers: [ChainEventsController],
  providers: [ChainEventIntake, IndexerKeyGuard],
  exports: [ChainEventIntake],
})
export class ChainModule {}
