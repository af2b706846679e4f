/** The events a member may ask for (docs/notifications.md). The reminder is part of SIGNATURE_NEEDED. */
export const NOTIFICATION_EVENTS = [
  'SIGNATURE_NEEDED',
  'READY_TO_EXECUTE',
  'EXECUTED',
  'FAILED',
  'DAILY_DIGEST',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** What a message in the outbox is: an event, or the one reminder of a SIGNATURE_NEEDED. */
export type MessageKind = NotificationEvent | 'SIGNATURE_REMINDER';

export const NOTIFICATION_CHANNELS = ['email', 'slack', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a message says: the same text on every channel; e-mail adds the subject. */
export interface MessageText {
  readonly subject: string;
  readonly body: string;
}

/** What an operation does, in words, and where it stands. */
export interface OperationFacts {
  /** e.g. "Payout 5,000 USDT to 0xAb…12". */
  readonly action: string;
  readonly network: string;
  readonly signaturesCollected: number;
  readonly signaturesRequired: number;
  readonly link: string;
}

const HEADLINES: Record<Exclude<MessageKind, 'DAILY_DIGEST'>, string> = {
  SIGNATURE_NEEDED: 'Your signature is needed',
  SIGNATURE_REMINDER: 'Reminder: your signature is still needed',
  READY_TO_EXECUTE: 'Ready to execute',
  EXECUTED: 'Executed',
  FAILED: 'Failed',
};

/** One line that says what the operation does, e.g. "Payout 5,000 USDT to 0xAb…12 on Ethereum, 1 of 2 signatures". */
export function operationLine(facts: OperationFacts): string {
  return `${facts.action} on ${facts.network}, ${facts.signaturesCollected} of ${facts.signaturesRequired} signatures`;
}

export function operationMessage(kind: Exclude<MessageKind, 'DAILY_DIGEST'>, facts: OperationFacts): MessageText {
  const line = operationLine(facts);
  return { subject: `${HEADLINES[kind]}: ${facts.action}`, body: `${HEADLINES[kind]}: ${line}\n${facts.link}` };
}

export interface DigestItem {
  readonly kind: 'SIGN' | 'EXECUTE';
  readonly summary: string;
  readonly link: string;
}

export function digestMessage(items: readonly DigestItem[]): MessageText {
  const lines = items.map(
    (item) => `- ${item.kind === 'SIGN' ? 'To sign' : 'To execute'}: ${item.summary}\n  ${item.link}`,
  );
  return {
    subject: `Daily digest: ${items.length} operation${items.length === 1 ? '' : 's'} await you`,
    body: `Daily digest: ${items.length} operation${items.length === 1 ? '' : 's'} await you\n${lines.join('\n')}`,
  };
}

/** "0xAb…12": the first four and last two characters, as people compare addresses. */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}…${address.slice(-2)}`;
}

/** A token amount in whole units with thousands separators: 5000000000 with 6 decimals → "5,000". */
export function formatAmount(amount: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const whole = (amount / base).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (amount % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Scheme and host of a URL, the only part of a Slack webhook shown back (the path is the secret). */
export function maskedUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
