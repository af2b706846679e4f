import {
  Controller,
  Get,
  Headers,
  Inject,
  Injectable,
  NotFoundException,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
  Req,
  Res,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DomainError } from '../../shared/domain/domain-error';
import { toProblem } from '../../shared/http/error-response.filter';
import { LOGGER } from '../../shared/logging/logging.module';
import { Metrics } from '../../shared/metrics/metrics';
import { IndexerStatusReader } from '../chain/application/indexer-status';
import { PooledDataSource } from '../../database/pooled-data-source';

/** Scrapes one client address may make per `SCRAPE_WINDOW_MS`; a scraper every few seconds stays far below. */
export const SCRAPES_PER_WINDOW = 10;
export const SCRAPE_WINDOW_MS = 10_000;
/** How old the served text may be: a flood of scrapes renders it at most once a second. */
export const SNAPSHOT_MAX_AGE_MS = 1_000;

/**
 * The Prometheus text, for GET /metrics on the API port or on METRICS_PORT. Rendering it reads the
 * database (the callback backlog, the indexer's checkpoints), so it is rendered at most once a
 * second and every scrape meanwhile gets that snapshot; a client address gets
 * SCRAPES_PER_WINDOW scrapes per 10 s (429 past it). With METRICS_TOKEN set, a scraper must send
 * it as `Authorization: Bearer <token>` (401 otherwise).
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap {
  private readonly tokenDigest: Buffer | undefined;
  private snapshot: { readonly text: string; readonly at: number } | undefined;
  private rendering: Promise<string> | undefined;
  private readonly scrapes = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.tokenDigest = config.metricsToken === null ? undefined : digest(config.metricsToken);
  }

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  onApplicationBootstrap(): void {
    const where =
      this.config.metricsPort === null
        ? 'GET /metrics on the API port'
        : `GET /metrics on METRICS_PORT ${this.config.metricsPort} only`;
    this.logger.info(
      `metrics: ${where}, ${this.tokenDigest === undefined ? 'open (no METRICS_TOKEN)' : 'bearer METRICS_TOKEN required'}`,
    );
  }

  async scrape(authorization: string | undefined, address: string): Promise<string> {
    if (this.tokenDigest !== undefined) {
      const sent = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
      // Compared as digests, so the comparison takes the same time whatever was sent.
      if (sent === undefined || !timingSafeEqual(digest(sent), this.tokenDigest)) {
        throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Invalid or missing metrics token');
      }
    }
    this.throttle(address);
    const now = Date.now();
    if (this.snapshot !== undefined && now - this.snapshot.at < SNAPSHOT_MAX_AGE_MS) return this.snapshot.text;
    this.rendering ??= this.metrics
      .scrape()
      .then((text) => {
        this.snapshot = { text, at: Date.now() };
        return text;
      })
      .finally(() => (this.rendering = undefined));
    return this.rendering;
  }

  private throttle(address: string): void {
    const now = Date.now();
    let window = this.scrapes.get(address);
    if (window === undefined || now - window.start >= SCRAPE_WINDOW_MS) {
      // Old windows go when the map grows: a flood of addresses cannot grow it without bound.
      if (this.scrapes.size >= 10_000) {
        for (const [key, old] of this.scrapes) if (now - old.start >= SCRAPE_WINDOW_MS) this.scrapes.delete(key);
      }
      window = { start: now, count: 0 };
      this.scrapes.set(address, window);
    }
    window.count += 1;
    if (window.count > SCRAPES_PER_WINDOW) {
      const seconds = Math.max(1, Math.ceil((window.start + SCRAPE_WINDOW_MS - now) / 1000));
      throw new DomainError(
        'rate_limited',
        'TOO_MANY_REQUESTS',
        `Too many scrapes from this address; retry in ${seconds} seconds`,
        [],
        seconds,
      );
    }
  }
}

/**
 * GET /metrics in Prometheus' text format (see MetricsEndpoint). Not under /api/v1: no API rate
 * limit, no API credential. With METRICS_PORT set it is served there instead, and here it is 404.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly endpoint: MetricsEndpoint,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    if (this.config.metricsPort !== null) throw new NotFoundException();
    const text = await this.endpoint.scrape(authorization, req.ip ?? req.socket.remoteAddress ?? '');
    res.status(200).type(this.endpoint.contentType).send(text);
  }
}

/**
 * METRICS_PORT: /metrics on a port of its own (a plain HTTP server, nothing else on it), so it can
 * stay off the public network while the API port is exposed. 0 picks a free port (tests).
 */
@Injectable()
export class MetricsPortServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | undefined;

  constructor(
    private readonly endpoint: MetricsEndpoint,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The port it listens on; undefined without METRICS_PORT. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === null) return;
    const server = createServer((req, res) => void this.answer(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort!, () => resolve());
    });
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://x').pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    try {
      const text = await this.endpoint.scrape(req.headers.authorization, req.socket.remoteAddress ?? '');
      res.writeHead(200, { 'content-type': this.endpoint.contentType }).end(text);
    } catch (error) {
      const problem = toProblem(error);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (problem.retryAfterSeconds !== undefined) headers['retry-after'] = String(problem.retryAfterSeconds);
      res
        .writeHead(problem.status, headers)
        .end(JSON.stringify({ statusCode: problem.status, code: problem.code, message: problem.message }));
    }
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
    // Read from the pool's counters, taking no connection, before the scrape's own queries (the
    // indexer's progress, the callback backlog) check one out: otherwise they count themselves.
    let sampled = { inUse: 0, waiting: 0 };
    this.metrics.beforeScrape(() => {
      sampled = { inUse: pool().totalCount - pool().idleCount, waiting: pool().waitingCount };
    });
    this.metrics.gauge('db_pool_connections_in_use', 'Database connections checked out of the pool', [], () =>
      Promise.resolve([{ labels: {}, value: sampled.inUse }]),
    );
    this.metrics.gauge('db_pool_requests_waiting', 'Requests waiting for a database connection', [], () =>
      Promise.resolve([{ labels: {}, value: sampled.waiting }]),
    );
    const replicas = this.dataSource instanceof PooledDataSource ? this.dataSource.readReplicas : undefined;
    if (replicas !== undefined) {
      this.metrics.gauge(
        'database_replica_lag_seconds',
        "How far each read replica (DATABASE_READ_URLS, by its index) trails the primary, on this instance's clock",
        ['replica'],
        () =>
          Promise.resolve(
            replicas.lagSeconds().map(({ replica, seconds }) => ({ labels: { replica }, value: seconds })),
          ),
      );
    }
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
