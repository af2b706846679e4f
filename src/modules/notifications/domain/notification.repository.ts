import type { EntityManager } from 'typeorm';
import type { Role } from '../../auth/domain/rights';
import type { MessageKind, NotificationChannel, NotificationEvent } from './notification-event';

/** A member's stored settings; the Slack URL still encrypted. */
export interface StoredSettings {
  readonly email: string | null;
  readonly slackWebhookCiphertext: string | null;
  readonly slackWebhookDisplay: string | null;
  readonly telegramChatId: string | null;
  readonly events: readonly NotificationEvent[];
}

/** A member of an account with the settings it chose (null: never set). */
export interface Recipient {
  readonly memberId: string;
  readonly addressHex: string;
  readonly role: Role;
  readonly settings: StoredSettings | null;
}

export interface NewMessage {
  readonly id: string;
  readonly accountId: string;
  readonly memberId: string;
  readonly event: MessageKind;
  readonly channel: NotificationChannel;
  readonly operationId: string | null;
  /** An e-mail address, a Telegram chat id, or the Slack URL encrypted. */
  readonly destination: string;
  readonly subject: string;
  readonly body: string;
  /** Set for messages of a period (reminder, digest): a second one of the period is not written. */
  readonly dedupeKey: string | null;
}

export interface ClaimedMessage {
  readonly id: string;
  readonly accountId: string;
  readonly channel: NotificationChannel;
  readonly destination: string;
  readonly subject: string;
  readonly body: string;
  readonly attempt: number;
  readonly scheduleStep: number;
}

export interface Wait {
  readonly operationId: string;
  readonly memberId: string;
  readonly accountId: string;
  readonly kind: 'SIGN' | 'EXECUTE';
  readonly summary: string;
  readonly link: string;
}

/** Port for the notifications context's tables; the TypeORM adapter is in infrastructure/. */
export abstract class NotificationRepository {
  abstract findSettings(accountId: string, memberId: string): Promise<StoredSettings | null>;
  abstract saveSettings(manager: EntityManager, accountId: string, memberId: string, s: StoredSettings): Promise<void>;
  abstract recipients(manager: EntityManager, accountId: string): Promise<Recipient[]>;
  abstract enqueue(manager: EntityManager, messages: readonly NewMessage[]): Promise<number>;
  abstract claimDue(limit: number, leaseMs: number): Promise<ClaimedMessage[]>;
  abstract recordAttempt(
    id: string,
    attempt: number,
    r: { status: string; scheduleStep: number; retryInMs: number | null; error: string | null },
  ): Promise<void>;
  abstract countDue(): Promise<number>;
  abstract putWaits(manager: EntityManager, waits: readonly Wait[], now: Date): Promise<void>;
  abstract endWaits(manager: EntityManager, operationId: string, memberIds?: readonly string[]): Promise<void>;
  /** Signature waits older than `before` not yet reminded, locked (SKIP LOCKED) for the caller's transaction. */
  abstract dueReminders(manager: EntityManager, before: Date, limit: number): Promise<(Wait & { since: Date })[]>;
  /** Members with something awaiting them who have no digest yet for `day`. */
  abstract digestCandidates(
    manager: EntityManager,
    day: string,
    limit: number,
  ): Promise<{ accountId: string; memberId: string }[]>;
  /** Keeps what the reminder and the digest will say of the operation current (its signatures). */
  abstract refreshWaits(manager: EntityManager, operationId: string, summary: string): Promise<void>;
  abstract markReminded(manager: EntityManager, operationId: string, memberId: string, now: Date): Promise<void>;
  abstract claimDigest(manager: EntityManager, accountId: string, memberId: string, day: string): Promise<boolean>;
  abstract waitsOf(manager: EntityManager, accountId: string, memberId: string): Promise<Wait[]>;
  abstract recipientOf(manager: EntityManager, accountId: string, memberId: string): Promise<Recipient | undefined>;
}
