import { Module, OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LOGGER } from '../../shared/logging/logging.module';
import { CatalogModule } from '../catalog/catalog.module';
import { DeploymentsModule } from '../deployments/deployments.module';
import { AccountBalancesController } from './api/account-balances.controller';
import { ReconciliationController } from './api/reconciliation.controller';
import { ReconciliationService } from './application/reconciliation.service';
import { ChainModule } from '../chain/chain.module';
import { BalancesService } from './application/balances.service';
import { FiatRatesService } from './application/fiat-rates';
import { TransactionRecorder } from '../deployments/application/transaction-recorder';
import { RatesProvider } from './domain/rates-provider';
import { BalanceLedger } from './domain/balance-ledger';
import { TypeOrmBalanceLedger } from './infrastructure/typeorm-balance-ledger';
import { CryptoCompareRatesProvider } from './infrastructure/cryptocompare-rates.provider';
import { StaticRatesProvider } from './infrastructure/static-rates.provider';

/**
 * Account balances per chain from the transactions ledger, converted with a rates provider. The
 * provider's rates are also the ones a transaction stores when it confirms (registered with the
 * `TransactionRecorder` at start) and the payment page's (`FiatRatesService`, exported).
 */
@Module({
  imports: [CatalogModule, ChainModule, DeploymentsModule],
  controllers: [AccountBalancesController, ReconciliationController],
  providers: [
    BalancesService,
    FiatRatesService,
    ReconciliationService,
    { provide: BalanceLedger, useClass: TypeOrmBalanceLedger },
    {
      provide: RatesProvider,
      inject: [APP_CONFIG, LOGGER],
      useFactory: (config: AppConfig, logger: Logger): RatesProvider =>
        config.rates.provider === 'cryptocompare'
          ? new CryptoCompareRatesProvider({ ...config.rates, fetch: globalThis.fetch, logger })
          : new StaticRatesProvider(config.rates.staticRates),
    },
  ],
  exports: [FiatRatesService],
})
export class BalancesModule implements OnModuleInit {
  constructor(
    private readonly recorder: TransactionRecorder,
    private readonly fiatRates: FiatRatesService,
  ) {}

  onModuleInit(): void {
    this.recorder.useRatesAtConfirmation((currencyIds) => this.fiatRates.ratesOfTheMoment(currencyIds));
  }
}
