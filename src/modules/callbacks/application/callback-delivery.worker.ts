import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { LOGGER } from '../../../shared/logging/logging.module';
import { Metrics } from '../../../shared/metrics/metrics';
import { OutboxLoop } from './outbox-loop';
import { inSpan } from '../../../shared/tracing/tracing';
import { CallbackSender } from '../domain/callback-sender';
import { signatureHeaders } from '../domain/callback-signature';
import { AttemptOutcome, stateAfterAttempt } from '../domain/callback-status';
import { CallbackRecord, CallbackRepository } from '../domain/callback.repository';
import { CallbackSecretsService } from './callback-secrets.service';

const BATCH = 20;

/**
 * Delivers the outbox. Every instance may run it: rows are claimed with `FOR UPDATE SKIP LOCKED`
 * (no two instances claim one row) and a claim is a lease (a crashed instance's row comes due again
 * once the lease passes), so delivery is at least once and, while instances live, exactly once.
 * A claim takes only the oldest undelivered callback of each resource, so one invoice's, payout's
 * or queue operation's callbacks reach the receiver in order, one at a time, while other
 * resources' callbacks go out in parallel.
 *
 * Plain PostgreSQL rather than a job library: the outbox row must be written in the business
 * transaction anyway, so the queue already lives in this table, with the delivery log and resend
 * the API serves. graphile-worker's named queues run a queue's jobs one at a time but let a later
 * job go while an earlier one waits for its retry, and pg-boss has no per-key order at all: neither
 * holds "a later callback waits until the earlier one is SENT or FAILED", which here is one
 * `NOT EXISTS` in the claim.
 */
@Injectable()
export class CallbackDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: OutboxLoop;

  constructor(
    private readonly callbacks: CallbackRepository,
    private readonly secrets: CallbackSecretsService,
    private readonly sender: CallbackSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {
    // Registered whether or not this instance delivers: the backlog is every instance's.
    metrics.gauge('callbacks_due', 'Callbacks whose next attempt is due now (the delivery backlog)', [], async () => [
      { labels: {}, value: await callbacks.countDue() },
    ]);
    this.loop = new OutboxLoop(
      () => this.deliverDue(),
      { batch: BATCH, intervalMs: config.callbacks.pollIntervalMs, failure: 'callback delivery round failed' },
      logger,
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.callbacks.workerEnabled) this.loop.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  /** Delivers what is due now; the loop calls it, and tests may too. Returns how many were attempted. */
  async deliverDue(): Promise<number> {
    const { timeoutMs } = this.config.callbacks;
    // Longer than one attempt can take, so a live worker's claim never runs out under it.
    const claimed = await this.callbacks.claimDue(BATCH, timeoutMs * 2 + 5_000);
    await Promise.all(claimed.map((callback) => this.attempt(callback)));
    return claimed.length;
  }

  private async attempt(callback: CallbackRecord): Promise<void> {
    // The span names the host only: the merchant's URL may carry a token in its path or query.
    const outcome = await inSpan(
      'callback.deliver',
      {
        'callback.id': callback.id,
        'callback.type': callback.type,
        'callback.attempt': callback.attempt,
        'server.address': safeHost(callback.url) ?? '',
      },
      async (span) => {
        const result = await this.send(callback);
        span.setAttribute('callback.outcome', result.kind);
        if (result.kind === 'answered') span.setAttribute('http.response.status_code', result.responseCode);
        return result;
      },
    );
    const { retryScheduleMs } = this.config.callbacks;
    const next = stateAfterAttempt(outcome, callback.scheduleStep, retryScheduleMs);
    await this.callbacks.recordAttempt(callback.id, callback.attempt, {
      status: next.status,
      scheduleStep: next.scheduleStep,
      retryInMs: next.retryInMs,
      responseCode: outcome.kind === 'answered' ? outcome.responseCode : null,
      responseBody: outcome.kind === 'answered' ? outcome.responseBody : null,
      error: outcome.kind === 'answered' ? null : outcome.error,
    });
    if (next.status === 'FAILED') this.metrics.callbacksFailed.inc();
    // The URL is the merchant's; it is logged without its query string, which may carry a token.
    this.logger.info(
      {
        callbackId: callback.id,
        type: callback.type,
        attempt: callback.attempt,
        status: next.status,
        responseCode: outcome.kind === 'answered' ? outcome.responseCode : null,
        host: safeHost(callback.url),
      },
      'callback attempt',
    );
  }

  private async send(callback: CallbackRecord): Promise<AttemptOutcome> {
    const { allowPrivate, timeoutMs } = this.config.callbacks;
    const secret = await this.secrets.current(callback.accountId);
    if (secret === undefined) return { kind: 'unreachable', error: 'the account has no callback secret yet' };
    const headers = signatureHeaders(secret, callback.id, callback.body, new Date());
    return this.sender.send(callback.url, headers, callback.body, { allowPrivate, timeoutMs });
  }
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
