import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { auditActorOf } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import type { Caller } from '../../auth/domain/caller';
import { CallbackUrlCheck } from '../../callbacks/application/callback-url-check';
import { SecretSealer } from '../../callbacks/application/outbound';
import { maskedUrl, NOTIFICATION_EVENTS } from '../domain/notification-event';
import type { NotificationChannel, NotificationEvent } from '../domain/notification-event';
import { NotificationRepository, StoredSettings } from '../domain/notification.repository';

/** A member's settings as sent in a PUT. */
export interface NotificationSettingsInput {
  readonly email: string | null;
  readonly slackWebhookUrl: string | null;
  readonly telegramChatId: string | null;
  readonly events: readonly NotificationEvent[];
}

/** As answered: the Slack URL masked to its scheme and host, with the channels this server has. */
export interface NotificationSettingsView {
  email: string | null;
  slackWebhookUrl: string | null;
  telegramChatId: string | null;
  events: NotificationEvent[];
  availableChannels: NotificationChannel[];
}

/**
 * Each member's own notification settings on an account. The Slack URL is the member's secret (its
 * path lets anyone post to the channel): it follows the callback URL rules, is stored encrypted
 * with the callbacks' cipher, and never comes back whole.
 */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: NotificationRepository,
    private readonly urls: CallbackUrlCheck,
    private readonly audit: AuditLog,
    private readonly sealer: SecretSealer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(caller: Caller, accountId: string): Promise<NotificationSettingsView> {
    return this.view(await this.repository.findSettings(accountId, caller.memberId));
  }

  async update(caller: Caller, accountId: string, input: NotificationSettingsInput): Promise<NotificationSettingsView> {
    this.urls.assertAllowed(input.slackWebhookUrl, 'slackWebhookUrl');
    const events = NOTIFICATION_EVENTS.filter((event) => input.events.includes(event));
    const stored: StoredSettings = {
      email: input.email,
      slackWebhookCiphertext:
        input.slackWebhookUrl === null ? null : this.sealer.seal(input.slackWebhookUrl, accountId),
      slackWebhookDisplay: input.slackWebhookUrl === null ? null : maskedUrl(input.slackWebhookUrl),
      telegramChatId: input.telegramChatId,
      events,
    };
    return this.dataSource.transaction(async (manager) => {
      const before = this.view(await this.repository.findSettings(accountId, caller.memberId));
      await this.repository.saveSettings(manager, accountId, caller.memberId, stored);
      const after = this.view(stored);
      await this.audit.record(manager, {
        accountId,
        action: 'NOTIFICATION_SETTINGS_CHANGED',
        actor: auditActorOf(caller),
        target: { type: 'member', id: caller.address },
        // The Slack URL only as masked: its path is the member's secret.
        changes: settingChanges(before, after),
      });
      return after;
    });
  }

  /** The Slack URL of a stored message or setting, decrypted for the one POST that needs it. */
  decryptSlackUrl(ciphertext: string, accountId: string): string {
    return this.sealer.open(ciphertext, accountId);
  }

  availableChannels(): NotificationChannel[] {
    const { smtpUrl, telegramBotToken } = this.config.notifications;
    const channels: NotificationChannel[] = [];
    if (smtpUrl !== null) channels.push('email');
    channels.push('slack');
    if (telegramBotToken !== null) channels.push('telegram');
    return channels;
  }

  private view(settings: StoredSettings | null): NotificationSettingsView {
    return {
      email: settings?.email ?? null,
      slackWebhookUrl: settings?.slackWebhookDisplay ?? null,
      telegramChatId: settings?.telegramChatId ?? null,
      events: [...(settings?.events ?? NOTIFICATION_EVENTS)],
      availableChannels: this.availableChannels(),
    };
  }
}

/** `{from, to}` per setting that changed; the Slack URL as masked (scheme and host). */
function settingChanges(
  before: NotificationSettingsView,
  after: NotificationSettingsView,
): Record<string, { from: unknown; to: unknown }> | null {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of ['email', 'slackWebhookUrl', 'telegramChatId', 'events'] as const) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) {
      changes[field] = { from: before[field], to: after[field] };
    }
  }
  return Object.keys(changes).length === 0 ? null : changes;
}
