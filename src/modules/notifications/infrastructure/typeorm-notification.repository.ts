import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Role } from '../../auth/domain/rights';
import type { NotificationChannel, NotificationEvent } from '../domain/notification-event';
import {
  ClaimedMessage,
  NewMessage,
  NotificationRepository,
  Recipient,
  StoredSettings,
  Wait,
} from '../domain/notification.repository';

interface SettingsRow {
  email: string | null;
  slack_webhook_ciphertext: string | null;
  slack_webhook_display: string | null;
  telegram_chat_id: string | null;
  events: NotificationEvent[];
}

function settingsFrom(row: SettingsRow): StoredSettings {
  return {
    email: row.email,
    slackWebhookCiphertext: row.slack_webhook_ciphertext,
    slackWebhookDisplay: row.slack_webhook_display,
    telegramChatId: row.telegram_chat_id,
    events: row.events,
  };
}

/**
 * The notifications context's tables. It also reads the account's memberships (`account_members`,
 * `members`) to find who hears of an operation: a read, listed in docs/architecture.md.
 */
@Injectable()
export class TypeOrmNotificationRepository extends NotificationRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async findSettings(accountId: string, memberId: string): Promise<StoredSettings | null> {
    const rows: SettingsRow[] = await this.dataSource.query(
      `SELECT email, slack_webhook_ciphertext, slack_webhook_display, telegram_chat_id, events
         FROM notification_settings WHERE account_id = $1 AND member_id = $2`,
      [accountId, memberId],
    );
    return rows.length === 0 ? null : settingsFrom(rows[0]);
  }

  async saveSettings(manager: EntityManager, accountId: string, memberId: string, s: StoredSettings): Promise<void> {
    await manager.query(
      `INSERT INTO notification_settings
              (account_id, member_id, email, slack_webhook_ciphertext, slack_webhook_display, telegram_chat_id, events)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ON CONSTRAINT pk_notification_settings DO UPDATE
          SET email = $3, slack_webhook_ciphertext = $4, slack_webhook_display = $5, telegram_chat_id = $6,
              events = $7, updated_at = now()`,
      [accountId, memberId, s.email, s.slackWebhookCiphertext, s.slackWebhookDisplay, s.telegramChatId, s.events],
    );
  }

  async recipients(manager: EntityManager, accountId: string): Promise<Recipient[]> {
    const rows: (SettingsRow & { member_id: string; address_hex: string; role: Role; has_settings: boolean })[] =
      await manager.query(
        `SELECT am.member_id, m.address_hex, am.role, s.account_id IS NOT NULL AS has_settings,
                s.email, s.slack_webhook_ciphertext, s.slack_webhook_display, s.telegram_chat_id, s.events
           FROM account_members am
           JOIN members m ON m.id = am.member_id
           LEFT JOIN notification_settings s ON s.account_id = am.account_id AND s.member_id = am.member_id
          WHERE am.account_id = $1
          ORDER BY am.member_id`,
        [accountId],
      );
    return rows.map((row) => ({
      memberId: row.member_id,
      addressHex: row.address_hex.toLowerCase(),
      role: row.role,
      settings: row.has_settings ? settingsFrom(row) : null,
    }));
  }

  async enqueue(manager: EntityManager, messages: readonly NewMessage[]): Promise<number> {
    let written = 0;
    for (const m of messages) {
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO notifications
                (id, account_id, member_id, event, channel, operation_id, destination, subject, body, dedupe_key,
                 status, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'CREATED', now())
         ON CONFLICT ON CONSTRAINT uq_notifications_dedupe_key DO NOTHING
         RETURNING id`,
        [
          m.id,
          m.accountId,
          m.memberId,
          m.event,
          m.channel,
          m.operationId,
          m.destination,
          m.subject,
          m.body,
          m.dedupeKey,
        ],
      );
      written += inserted.length;
    }
    return written;
  }

  /** Claims due messages as a lease (see the worker): SKIP LOCKED, so no two instances claim one. */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    const [rows]: [
      {
        id: string;
        account_id: string;
        channel: NotificationChannel;
        destination: string;
        subject: string;
        body: string;
        attempt: number;
        schedule_step: number;
      }[],
      number,
    ] = await this.dataSource.query(
      `UPDATE notifications
          SET attempt = attempt + 1, next_attempt_at = now() + $2 * interval '1 millisecond', updated_at = now()
        WHERE id IN (SELECT id FROM notifications
                      WHERE status IN ('CREATED', 'RETRY') AND next_attempt_at <= now()
                      ORDER BY next_attempt_at, id
                      LIMIT $1
                      FOR UPDATE SKIP LOCKED)
       RETURNING id, account_id, channel, destination, subject, body, attempt, schedule_step`,
      [limit, leaseMs],
    );
    return rows.map((row) => ({
      id: row.id,
      accountId: row.account_id,
      channel: row.channel,
      destination: row.destination,
      subject: row.subject,
      body: row.body,
      attempt: row.attempt,
      scheduleStep: row.schedule_step,
    }));
  }

  async recordAttempt(
    id: string,
    attempt: number,
    r: { status: string; scheduleStep: number; retryInMs: number | null; error: string | null },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications
          SET status = $3, schedule_step = $4,
              next_attempt_at = CASE WHEN $5::bigint IS NULL THEN NULL ELSE now() + $5::bigint * interval '1 millisecond' END,
              sent_at = CASE WHEN $3 = 'SENT' THEN now() ELSE sent_at END, last_error = $6, updated_at = now()
        WHERE id = $1 AND attempt = $2`,
      [id, attempt, r.status, r.scheduleStep, r.retryInMs, r.error],
    );
  }

  async countDue(): Promise<number> {
    const rows: { due: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS due FROM notifications WHERE status IN ('CREATED', 'RETRY') AND next_attempt_at <= now()`,
    );
    return rows[0].due;
  }

  /** Starts (or restarts, after a nonce change) the waits of `waits`: the reminder counts from now. */
  async putWaits(manager: EntityManager, waits: readonly Wait[], now: Date): Promise<void> {
    for (const w of waits) {
      await manager.query(
        `INSERT INTO notification_waits (operation_id, member_id, account_id, kind, summary, link, since)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT ON CONSTRAINT pk_notification_waits DO UPDATE
            SET kind = $4, summary = $5, link = $6, since = $7, reminded_at = NULL`,
        [w.operationId, w.memberId, w.accountId, w.kind, w.summary, w.link, now],
      );
    }
  }

  async endWaits(manager: EntityManager, operationId: string, memberIds?: readonly string[]): Promise<void> {
    if (memberIds === undefined) {
      await manager.query(`DELETE FROM notification_waits WHERE operation_id = $1`, [operationId]);
    } else if (memberIds.length > 0) {
      await manager.query(`DELETE FROM notification_waits WHERE operation_id = $1 AND member_id = ANY($2::uuid[])`, [
        operationId,
        memberIds,
      ]);
    }
  }

  /** Signature waits older than `before` not yet reminded, locked for the caller's transaction. */
  async dueReminders(manager: EntityManager, before: Date, limit: number): Promise<(Wait & { since: Date })[]> {
    const rows: {
      operation_id: string;
      member_id: string;
      account_id: string;
      kind: 'SIGN';
      summary: string;
      link: string;
      since: Date;
    }[] = await manager.query(
      `SELECT operation_id, member_id, account_id, kind, summary, link, since FROM notification_waits
        WHERE reminded_at IS NULL AND kind = 'SIGN' AND since <= $1
        ORDER BY since LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [before, limit],
    );
    return rows.map((row) => ({
      operationId: row.operation_id,
      memberId: row.member_id,
      accountId: row.account_id,
      kind: row.kind,
      summary: row.summary,
      link: row.link,
      since: row.since,
    }));
  }

  async refreshWaits(manager: EntityManager, operationId: string, summary: string): Promise<void> {
    await manager.query(`UPDATE notification_waits SET summary = $2 WHERE operation_id = $1`, [operationId, summary]);
  }

  async markReminded(manager: EntityManager, operationId: string, memberId: string, now: Date): Promise<void> {
    await manager.query(`UPDATE notification_waits SET reminded_at = $3 WHERE operation_id = $1 AND member_id = $2`, [
      operationId,
      memberId,
      now,
    ]);
  }

  /** Members with something awaiting them who have no digest yet for `day`. */
  async digestCandidates(
    manager: EntityManager,
    day: string,
    limit: number,
  ): Promise<{ accountId: string; memberId: string }[]> {
    const rows: { account_id: string; member_id: string }[] = await manager.query(
      `SELECT DISTINCT w.account_id, w.member_id FROM notification_waits w
        WHERE NOT EXISTS (SELECT 1 FROM notification_digests d
                           WHERE d.account_id = w.account_id AND d.member_id = w.member_id AND d.day = $1::date)
        LIMIT $2`,
      [day, limit],
    );
    return rows.map((row) => ({ accountId: row.account_id, memberId: row.member_id }));
  }

  /** Claims the member's digest of `day`; false when another writer has it already. */
  async claimDigest(manager: EntityManager, accountId: string, memberId: string, day: string): Promise<boolean> {
    // An INSERT answers its RETURNING rows (not a row count): none when the day was taken.
    const inserted: { day: string }[] = await manager.query(
      `INSERT INTO notification_digests (account_id, member_id, day) VALUES ($1, $2, $3::date)
       ON CONFLICT ON CONSTRAINT pk_notification_digests DO NOTHING
       RETURNING day`,
      [accountId, memberId, day],
    );
    return inserted.length === 1;
  }

  async waitsOf(manager: EntityManager, accountId: string, memberId: string): Promise<Wait[]> {
    const rows: { operation_id: string; kind: 'SIGN' | 'EXECUTE'; summary: string; link: string }[] =
      await manager.query(
        `SELECT operation_id, kind, summary, link FROM notification_waits
        WHERE account_id = $1 AND member_id = $2 ORDER BY since, operation_id`,
        [accountId, memberId],
      );
    return rows.map((row) => ({
      operationId: row.operation_id,
      memberId,
      accountId,
      kind: row.kind,
      summary: row.summary,
      link: row.link,
    }));
  }

  async recipientOf(manager: EntityManager, accountId: string, memberId: string): Promise<Recipient | undefined> {
    return (await this.recipients(manager, accountId)).find((r) => r.memberId === memberId);
  }
}
