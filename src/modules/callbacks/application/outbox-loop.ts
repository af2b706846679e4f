import type { Logger } from 'pino';

export interface OutboxLoopOptions {
  /** The most a round attempts: a round that attempted this many goes again at once, more may be due. */
  readonly batch: number;
  /** The pause after a round that did not fill its batch. */
  readonly intervalMs: number;
  /** The log message of a failed round. */
  readonly failure: string;
}

/**
 * The loop every outbox worker runs (the callbacks', and the notifications' it is lent to): a round
 * at once when started, then again after the interval, or at once after a full batch. A failed round
 * is logged at warn and the loop goes on, since the rows it claimed come due again once their lease
 * passes. Stopping waits for the round in progress, so a shutdown never cuts a delivery between its
 * send and its record.
 */
export class OutboxLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly round: () => Promise<number>,
    private readonly options: OutboxLoopOptions,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let attempted = 0;
    try {
      attempted = await this.round();
    } catch (error) {
      this.logger.warn({ err: error }, this.options.failure);
    }
    this.schedule(attempted === this.options.batch ? 0 : this.options.intervalMs);
  }
}
