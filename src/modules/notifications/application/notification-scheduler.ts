import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { digestMessage } from '../domain/notification-event';
import { NewMessage, NotificationRepository } from '../domain/notification.repository';
import { OperationNotifications } from './operation-notifications';

const BATCH = 100;

/**
 * The reminder and the daily digest. A round runs in one transaction holding a transaction-level
 * advisory lock, so one instance at a time does it; each is also idempotent per period on its own:
 * a reminder marks its wait reminded in the transaction that writes it (and its outbox rows carry a
 * key unique per wait), a digest claims its member's day in `notification_digests` first.
 */
@Injectable()
export class NotificationScheduler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: NotificationRepository,
    private readonly operations: OperationNotifications,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Writes the reminders and digests due at `now`; returns how many messages it wrote. */
  async runOnce(now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }]: { locked: boolean }[] = await manager.query(
        `SELECT pg_try_advisory_xact_lock(hashtext('notifications:scheduler')) AS locked`,
      );
      if (!locked) return 0;
      const messages: NewMessage[] = [];

      const before = new Date(now.getTime() - this.config.notifications.remindAfterMs);
      for (const wait of await this.repository.dueReminders(manager, before, BATCH)) {
        await this.repository.markReminded(manager, wait.operationId, wait.memberId, now);
        const recipient = await this.repository.recipientOf(manager, wait.accountId, wait.memberId);
        if (recipient === undefined) continue;
        const text = {
          subject: `Reminder: your signature is still needed: ${wait.summary}`,
          body: `Reminder: your signature is still needed: ${wait.summary}\n${wait.link}`,
        };
        messages.push(
          ...this.operations.channelMessages(
            recipient,
            'SIGNATURE_NEEDED',
            'SIGNATURE_REMINDER',
            text,
            wait.accountId,
            wait.operationId,
            (r, channel) =>
              `SIGNATURE_REMINDER:${wait.operationId}:${r.memberId}:${wait.since.toISOString()}:${channel}`,
          ),
        );
      }

      if (now.getUTCHours() >= this.config.notifications.digestHour) {
        const day = now.toISOString().slice(0, 10);
        for (const { accountId, memberId } of await this.repository.digestCandidates(manager, day, BATCH)) {
          if (!(await this.repository.claimDigest(manager, accountId, memberId, day))) continue;
          const recipient = await this.repository.recipientOf(manager, accountId, memberId);
          const waits = await this.repository.waitsOf(manager, accountId, memberId);
          if (recipient === undefined || waits.length === 0) continue;
          messages.push(
            ...this.operations.channelMessages(
              recipient,
              'DAILY_DIGEST',
              'DAILY_DIGEST',
              digestMessage(waits),
              accountId,
              null,
              (r, channel) => `DAILY_DIGEST:${accountId}:${r.memberId}:${day}:${channel}`,
            ),
          );
        }
      }
      return this.repository.enqueue(manager, messages);
    });
  }
}
