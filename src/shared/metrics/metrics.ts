import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: fine below 100 ms, where most requests are, and up to the request timeout. */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The process's Prometheus metrics (served at GET /metrics). One registry per application rather
 * than prom-client's global one, so two apps in one process (the tests) never share a series.
 * Counters and the request histogram are updated where things happen; gauges whose value lives
 * elsewhere (the database pool, the indexer's checkpoints, the callback backlog) are read at
 * scrape time through `gauge`, registered by the context that owns the value.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Labelled by the route pattern (`/api/v1/deployments/:deploymentId`), never the raw URL. */
  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly callbacksFailed = new Counter({
    name: 'callbacks_failed_total',
    help: 'Callback deliveries that used up their retry schedule (status FAILED) in this process',
    registers: [this.registry],
  });

  readonly chainEventsApplied = new Counter({
    name: 'chain_events_applied_total',
    help: 'Chain events that changed state (replays excluded) in this process, by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly samplers: (() => void)[] = [];

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Runs `sample` at the start of every scrape, before any gauge is collected: for a value the
   * collection itself would change (the scrape's own queries wait for a pooled connection).
   */
  beforeScrape(sample: () => void): void {
    this.samplers.push(sample);
  }

  /** The text a scrape answers. */
  async scrape(): Promise<string> {
    for (const sample of this.samplers) sample();
    return this.registry.metrics();
  }

  /**
   * A gauge read when scraped: `read` returns one value per label set (an empty label set for an
   * unlabelled gauge). A failing read leaves the gauge empty for that scrape instead of failing it.
   */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Promise<readonly { labels: Partial<Record<L, string>>; value: number }[]>,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        let samples: readonly { labels: Partial<Record<L, string>>; value: number }[];
        try {
          samples = await read();
        } catch {
          return;
        }
        for (const sample of samples) this.set(sample.labels, sample.value);
      },
    });
  }
}
