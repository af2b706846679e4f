import { Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The Idempotency-Key interceptor (put on every POST and PATCH route by `attachRouteEnhancers`) and
 * its store, whose expired keys it drops hourly.
 */
@Module({
  providers: [IdempotencyStore, IdempotencyInterceptor],
})
export class IdempotencyModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: IdempotencyStore) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.store.sweep().catch(() => undefined), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
