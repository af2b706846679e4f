import { Controller, Get, Headers, Inject, Injectable, OnModuleInit, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DomainError } from '../../shared/domain/domain-error';
import { Metrics } from '../../shared/metrics/metrics';
import { IndexerStatusReader } from '../chain/application/indexer-status';

/**
 * GET /metrics in Prometheus' text format. With METRICS_TOKEN set, a scraper must send it as
 * `Authorization: Bearer <token>` (401 otherwise); without it the endpoint is open, for a scraper
 * on a private network. Not under /api/v1: no rate limit, no API credential.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  private readonly tokenDigest: Buffer | undefined;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.tokenDigest = config.metricsToken === null ? undefined : digest(config.metricsToken);
  }

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (this.tokenDigest !== undefined) {
      const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      // Compared as digests, so the comparison takes the same time whatever was sent.
      if (sent === undefined || !timingSafeEqual(digest(sent), this.tokenDigest)) {
        throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing metrics token');
      }
    }
    const body = await this.metrics.registry.metrics();
    res.status(200).type(this.metrics.registry.contentType).send(body);
  }
}

/**
 * The gauges read at scrape time that belong to no context: the database pool of this process,
 * and each configured chain's indexer progress as the checkpoint table has it (any instance's).
 */
@Injectable()
export class ServiceGauges implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly dataSource: DataSource,
    private readonly indexer: IndexerStatusReader,
  ) {}

  onModuleInit(): void {
    const pool = (): Pool => (this.dataSource.driver as unknown as { master: Pool }).master;
    this.metrics.gauge('db_pool_connections_in_use', 'Database connections checked out of the pool', [], () =>
      Promise.resolve([{ labels: {}, value: pool().totalCount - pool().idleCount }]),
    );
    this.metrics.gauge('db_pool_requests_waiting', 'Requests waiting for a database connection', [], () =>
      Promise.resolve([{ labels: {}, value: pool().waitingCount }]),
    );
    const progress = (field: 'head' | 'checkpoint' | 'lag') => async () =>
      (await this.indexer.status())
        .filter((chain) => chain[field] !== null)
        .map((chain) => ({ labels: { chain_id: chain.chainId }, value: Number(chain[field]) }));
    this.metrics.gauge('indexer_head_block', 'Newest block the indexer saw, per chain', ['chain_id'], progress('head'));
    this.metrics.gauge(
      'indexer_checkpoint_block',
      'Last block the indexer processed, per chain',
      ['chain_id'],
      progress('checkpoint'),
    );
    this.metrics.gauge(
      'indexer_lag_blocks',
      'Blocks the checkpoint trails the head by, per chain',
      ['chain_id'],
      progress('lag'),
    );
  }
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
