import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** Makes the application's `Metrics` injectable everywhere. */
@Global()
@Module({ providers: [{ provide: Metrics, useFactory: () => new Metrics() }], exports: [Metrics] })
export class MetricsModule {}
