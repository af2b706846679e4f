import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { LOGGER } from '../../../shared/logging/logging.module';
import { Metrics } from '../../../shared/metrics/metrics';
import { OutboxLoop } from '../../callbacks/application/outbox-loop';
import { inSpan } from '../../../shared/tracing/tracing';
import { AttemptOutcome, stateAfterAttempt } from '../../callbacks/application/outbound';
import { NotificationSettingsService } from '../application/notification-settings.service';
import { NotificationScheduler } from '../application/notification-scheduler';
import { NotificationChannels } from './notification-channels';
import { ClaimedMessage, NotificationRepository } from '../domain/notification.repository';

const BATCH = 20;

/**
 * Delivers the notifications outbox the way the callbacks' worker delivers callbacks: every
 * instance may run it, rows are claimed with `FOR UPDATE SKIP LOCKED` as a lease (a crashed
 * instance's row comes due again once the lease passes), and each attempt follows the callbacks'
 * retry schedule. Each round also runs the reminder and the digest (one instance at a time).
 * Logs, spans and metrics name the message, its channel and outcome, never where it went.
 */
@Injectable()
export class NotificationDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: OutboxLoop;

  constructor(
    private readonly repository: NotificationRepository,
    private readonly channels: NotificationChannels,
    private readonly settings: NotificationSettingsService,
    private readonly scheduler: NotificationScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    metrics: Metrics,
  ) {
    metrics.gauge('notifications_due', 'Notifications whose next attempt is due now', [], async () => [
      { labels: {}, value: await repository.countDue() },
    ]);
    this.loop = new OutboxLoop(
      async () => {
        await this.scheduler.runOnce(new Date());
        return this.deliverDue();
      },
      { batch: BATCH, intervalMs: config.callbacks.pollIntervalMs, failure: 'notification round failed' },
      logger,
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.notifications.workerEnabled) this.loop.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.loop.stop();
  }

  /** Delivers what is due now; returns how many were attempted. */
  async deliverDue(): Promise<number> {
    const claimed = await this.repository.claimDue(BATCH, this.config.callbacks.timeoutMs * 2 + 5_000);
    await Promise.all(claimed.map((message) => this.attempt(message)));
    return claimed.length;
  }

  private async attempt(message: ClaimedMessage): Promise<void> {
    const outcome = await inSpan(
      'notification.deliver',
      {
        'notification.id': message.id,
        'notification.channel': message.channel,
        'notification.attempt': message.attempt,
      },
      async (span) => {
        const result = await this.send(message);
        span.setAttribute('notification.outcome', result.kind);
        return result;
      },
    );
    const next = stateAfterAttempt(outcome, message.scheduleStep, this.config.callbacks.retryScheduleMs);
    await this.repository.recordAttempt(message.id, message.attempt, {
      status: next.status,
      scheduleStep: next.scheduleStep,
      retryInMs: next.retryInMs,
      error:
        outcome.kind === 'answered'
          ? outcome.responseCode >= 200 && outcome.responseCode < 300
            ? null
            : `answered ${outcome.responseCode}`
          : outcome.error,
    });
    this.logger.info(
      { notificationId: message.id, channel: message.channel, attempt: message.attempt, status: next.status },
      'notification attempt',
    );
  }

  private send(message: ClaimedMessage): Promise<AttemptOutcome> {
    let destination = message.destination;
    if (message.channel === 'slack') {
      try {
        destination = this.settings.decryptSlackUrl(message.destination, message.accountId);
      } catch {
        return Promise.resolve({ kind: 'refused', error: 'the stored Slack URL does not decrypt' });
      }
    }
    return this.channels.send({ ...message, destination });
  }
}
