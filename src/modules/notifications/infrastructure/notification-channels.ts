import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { AttemptOutcome, OutboundPost } from '../../callbacks/application/outbound';
import type { NotificationChannel } from '../domain/notification-event';

export interface OutgoingMessage {
  readonly channel: NotificationChannel;
  /** An e-mail address, a Telegram chat id, or the Slack webhook URL (decrypted by the worker). */
  readonly destination: string;
  readonly subject: string;
  readonly body: string;
}

/**
 * The three channels. Slack and Telegram are JSON POSTs through the callbacks' sender (its address
 * checks and timeout); a Slack URL obeys the callback URL rules at every delivery, while Telegram's
 * base URL is the operator's own setting. Errors are reported without the bot token or SMTP password.
 */
@Injectable()
export class NotificationChannels implements OnApplicationShutdown {
  private mailer: Transporter | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbound: OutboundPost,
  ) {}

  async send(message: OutgoingMessage): Promise<AttemptOutcome> {
    switch (message.channel) {
      case 'email':
        return this.email(message);
      case 'slack':
        return this.post(message.destination, { text: message.body }, this.config.callbacks.allowPrivate);
      case 'telegram': {
        const { telegramApiUrl, telegramBotToken } = this.config.notifications;
        if (telegramBotToken === null) return { kind: 'refused', error: 'TELEGRAM_BOT_TOKEN is not set' };
        const outcome = await this.post(
          `${telegramApiUrl}/bot${telegramBotToken}/sendMessage`,
          { chat_id: message.destination, text: message.body, disable_web_page_preview: true },
          true,
        );
        return this.scrub(outcome, telegramBotToken);
      }
    }
  }

  onApplicationShutdown(): void {
    this.mailer?.close();
  }

  private async email(message: OutgoingMessage): Promise<AttemptOutcome> {
    const { smtpUrl, from } = this.config.notifications;
    if (smtpUrl === null) return { kind: 'refused', error: 'SMTP_URL is not set' };
    // Loaded with the first mail: most instances send none, and the library is a few MB of the heap.
    this.mailer ??= (await import('nodemailer')).createTransport(smtpUrl);
    try {
      await this.mailer.sendMail({ from, to: message.destination, subject: message.subject, text: message.body });
      return { kind: 'answered', responseCode: 250, responseBody: '' };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      const text = `${code ?? ''} ${(error as Error).message}`.trim().slice(0, 200);
      return this.scrub({ kind: 'unreachable', error: text }, new URL(smtpUrl).password);
    }
  }

  private post(url: string, body: object, allowPrivate: boolean): Promise<AttemptOutcome> {
    return this.outbound.post(url, body, { allowPrivate, timeoutMs: this.config.callbacks.timeoutMs });
  }

  private scrub(outcome: AttemptOutcome, secret: string): AttemptOutcome {
    if (secret === '') return outcome;
    if (outcome.kind === 'answered') return outcome;
    return { ...outcome, error: outcome.error.split(secret).join('***') };
  }
}
