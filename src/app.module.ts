import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { dataSourceOptions, SESSION_SETTINGS } from '../ormconfig';
import { APP_CONFIG, AppConfig, sessionDatabaseUrl } from './config/app-config';
import { PooledDataSource } from './database/pooled-data-source';
import { ExportSlotsModule } from './shared/http/export-slots';
import { IdempotencyModule } from './shared/http/idempotency/idempotency.module';
import { LoggingModule } from './shared/logging/logging.module';
import { MetricsModule } from './shared/metrics/metrics.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { AuditLogModule } from './modules/audit/audit-log.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthModule } from './modules/auth/auth.module';
import { RateLimitModule } from './modules/auth/rate-limit.module';
import { BalancesModule } from './modules/balances/balances.module';
import { BillingModule } from './modules/billing/billing.module';
import { CallbacksModule } from './modules/callbacks/callbacks.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { ChainModule } from './modules/chain/chain.module';
import { ClaimsModule } from './modules/claims/claims.module';
import { DeploymentsModule } from './modules/deployments/deployments.module';
import { HealthModule } from './modules/health/health.module';
import { PayoutsModule } from './modules/payouts/payouts.module';
import { PayeesModule } from './modules/payees/payees.module';
import { QueueModule } from './modules/queue/queue.module';
import { ReviewModule } from './modules/review/review.module';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/** The application: one module per bounded context, wired to one data source. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig & { databaseUrl: string }, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        MetricsModule,
        ExportSlotsModule,
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(config.databaseUrl, config.databasePoolMode),
            autoLoadEntities: false,
          }),
          dataSourceFactory: (options) =>
            new PooledDataSource(options!, {
              poolMode: config.databasePoolMode,
              sessionUrl: sessionDatabaseUrl(config),
              sessionSettings: SESSION_SETTINGS,
            }).initialize(),
        }),
        HealthModule,
        CatalogModule,
        AuditLogModule,
        AuthModule,
        RateLimitModule,
        ChainModule,
        DeploymentsModule,
        BillingModule,
        ClaimsModule,
        QueueModule,
        PayoutsModule,
        PayeesModule,
        ReviewModule,
        CallbacksModule,
        NotificationsModule,
        IdempotencyModule,
        BalancesModule,
        AuditModule,
      ],
    };
  }
}
