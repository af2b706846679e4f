import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LOGGER } from '../../shared/logging/logging.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { AccountBalancesController } from './api/account-balances.controller';
import { BalancesService } from './application/balances.service';
import { RatesProvider } from './domain/rates-provider';
import { BalanceQueries } from './infrastructure/balance.queries';
import { CryptoCompareRatesProvider } from './infrastructure/cryptocompare-rates.provider';
import { StaticRatesProvider } from './infrastructure/static-rates.provider';

/** Account balances per chain from the transactions ledger, converted with a rates provider. */
@Module({
  imports: [CatalogModule, DeploymentsModule],
  controllers: [AccountBalancesController],
  providers: [
    BalancesService,
    BalanceQueries,
    {
      provide: RatesProvider,
      inject: [APP_CONFIG, LOGGER],
      useFactory: (config: AppConfig, logger: Logger): RatesProvider =>
        config.rates.provider === 'cryptocompare'
          ? new CryptoCompareRatesProvider({ ...config.rates, fetch: globalThis.fetch, logger })
          : new StaticRatesProvider(config.rates.staticRates),
    },
  ],
})
export class BalancesModule {}
