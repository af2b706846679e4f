import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { HealthController } from './health.controller';
import { MetricsController, MetricsEndpoint, MetricsPortServer, ServiceGauges } from './metrics.controller';

/** The operator's endpoints: liveness, readiness and the Prometheus metrics. */
@Module({
  imports: [ChainModule],
  controllers: [HealthController, MetricsController],
  providers: [ServiceGauges, MetricsEndpoint, MetricsPortServer],
})
export class HealthModule {}
