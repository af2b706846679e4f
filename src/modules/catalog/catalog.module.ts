import { Module } from '@nestjs/common';
import { CatalogService } from './catalog.service';
import { CurrenciesController } from './currencies.controller';
import { PublicSmartContractVersionsController } from './smart-contract-versions.controller';

/** Networks, currencies and contract versions: public endpoints 20-22, and lookups for other contexts. */
@Module({
  controllers: [CurrenciesController, PublicSmartContractVersionsController],
  providers: [CatalogService],
  exports: [CatalogService],
})
export class CatalogModule {}
