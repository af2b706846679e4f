import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import {
  RememberedPublicResponseMiddleware,
  RememberedPublicResponses,
} from '../../shared/http/public-cache.interceptor';
import { CatalogService } from './catalog.service';
import { CurrenciesController } from './currencies.controller';
import { PublicSmartContractVersionsController } from './smart-contract-versions.controller';

/** Networks, currencies and contract versions: public endpoints 20-22, and lookups for other contexts. */
@Module({
  controllers: [CurrenciesController, PublicSmartContractVersionsController],
  providers: [CatalogService, RememberedPublicResponses],
  exports: [CatalogService],
})
export class CatalogModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(RememberedPublicResponseMiddleware)
      .forRoutes(CurrenciesController, PublicSmartContractVersionsController);
  }
}
