import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { getOptionsToken, getStorageToken, ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { RequestThrottle } from '../../shared/http/public-cache.interceptor';
import { LOGGER } from '../../shared/logging/logging.module';
import { Metrics } from '../../shared/metrics/metrics';
import { RateLimitGuard } from './api/rate-limit.guard';
import { AuthModule } from './auth.module';
import { InMemorySlidingWindowStorage } from './infrastructure/in-memory-sliding-window.storage';
import { RedisSlidingWindowStorage } from './infrastructure/redis-sliding-window.storage';
import type { SlidingWindowStorage } from './infrastructure/sliding-window-record';

/**
 * The rate limit (see RateLimitGuard): @nestjs/throttler's guard on every route, over a sliding
 * window kept in memory or, with REDIS_URL, in Redis for every instance (falling back to this
 * instance's own window while Redis is away). Global, so the one
 * middleware that answers before routing (remembered public responses, in the catalog, which the
 * auth context itself imports) can ask it through `RequestThrottle`.
 */
@Global()
@Module({
  imports: [AuthModule],
  providers: [
    {
      provide: getStorageToken(),
      inject: [APP_CONFIG, LOGGER, Metrics],
      useFactory: (config: AppConfig, logger: Logger, metrics: Metrics): SlidingWindowStorage => {
        const storage =
          config.redisUrl === null
            ? undefined
            : new RedisSlidingWindowStorage(config.redisUrl, config.redisKeyPrefix, logger);
        metrics.gauge(
          'rate_limit_store_fallback',
          "1 while Redis is unreachable and the rate limits run on this instance's own window",
          [],
          () => Promise.resolve([{ labels: {}, value: storage?.usingFallback === true ? 1 : 0 }]),
        );
        return storage ?? new InMemorySlidingWindowStorage();
      },
    },
    {
      // One throttler; RateLimitGuard picks each request's budget (limit, window, key) itself.
      provide: getOptionsToken(),
      useValue: { throttlers: [{ limit: 0, ttl: 0 }] } satisfies ThrottlerModuleOptions,
    },
    RateLimitGuard,
    { provide: APP_GUARD, useExisting: RateLimitGuard },
    { provide: RequestThrottle, useExisting: RateLimitGuard },
  ],
  exports: [RequestThrottle],
})
export class RateLimitModule {}
