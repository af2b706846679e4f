import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { dataSourceOptions, SESSION_SETTINGS } from '../ormconfig';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { CallerPositions, InMemoryCallerPositions, RedisCallerPositions } from './database/caller-positions';
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

/**
 * Where each member's newest write position is kept for read-your-writes: in Redis when the
 * instances share one, else in this instance's memory. Kept past the lag a replica may have and
 * still serve (plus polling slack), so an expired position can no longer matter.
 */
function callerPositions(config: AppConfig, logger: Logger): CallerPositions {
  const ttlMs = config.databaseReadMaxLagMs + 10_000;
  return config.redisUrl === null
    ? new InMemoryCallerPositions(ttlMs)
    : new RedisCallerPositions(config.redisUrl, config.redisKeyPrefix, ttlMs, logger);
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
              sessionUrl: config.databaseSessionUrl ?? undefined,
              sessionSettings: SESSION_SETTINGS,
              readReplicas:
                config.databaseReadUrls.length === 0
                  ? undefined
                  : {
                      urls: config.databaseReadUrls,
                      maxLagMs: config.databaseReadMaxLagMs,
                      positions: callerPositions(config, logger),
                    },
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
