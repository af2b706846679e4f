/**
 * The audit log's vocabulary (docs/audit.md): what happened to an account, who did it and through
 * which door, what it touched and what changed. An entry is written in the transaction of the
 * change it records and never changed afterwards.
 */

/** Every action the log knows, in the order the docs list them. */
export const AUDIT_ACTIONS = [
  'SIGNED_IN',
  'MEMBER_ADDED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'API_KEY_CREATED',
  'API_KEY_REVOKED',
  'CREDENTIALS_REGENERATED',
  'ACCOUNT_RENAMED',
  'CALLBACK_SECRET_ROTATED',
  'CALLBACK_SETTINGS_CHANGED',
  'NOTIFICATION_SETTINGS_CHANGED',
  'PAYOUT_POLICY_CHANGED',
  'ADDRESS_BOOK_ENTRY_ADDED',
  'ADDRESS_BOOK_ENTRY_APPROVED',
  'ADDRESS_BOOK_ENTRY_REMOVED',
  'INVOICE_CREATED',
  'INVOICE_UPDATED',
  'PAYOUT_CREATED',
  'PAYOUT_UPDATED',
  'OPERATION_CREATED',
  'OPERATION_SIGNED',
  'OPERATION_NONCE_CHANGED',
  'OPERATION_DELETED',
  'CALLBACKS_RESENT',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The door a change came through: an API key (`x-api-key`), a token-service bearer token, a
 * wallet sign-in session (cookie), or the server's command line.
 */
export const AUDIT_VIAS = ['API_KEY', 'TOKEN', 'SESSION', 'CLI'] as const;

export type AuditVia = (typeof AUDIT_VIAS)[number];

/** Who made a change. */
export interface AuditActor {
  /** The member's address in display form (EVM checksum or Tron base58). */
  readonly address: string;
  readonly via: AuditVia;
  /** The scoped API key used (directly or behind a token); null for a member's own credential, a session or the CLI. */
  readonly keyId: string | null;
}

/** The kinds of thing an entry points at. */
export type AuditTargetType =
  | 'account'
  | 'member'
  | 'api_key'
  | 'invoice'
  | 'payout'
  | 'queue_operation'
  | 'callback_secret'
  | 'callback_settings'
  | 'callbacks'
  | 'notification_settings'
  | 'payout_policy'
  | 'address_book_entry'
  | 'session';

export interface AuditTarget {
  readonly type: AuditTargetType;
  readonly id: string;
}

/** What changed: field → value, or `{from, to}` for an update. JSON only, never a secret. */
export type AuditChanges = Readonly<Record<string, unknown>>;

/** One change to record, as a use case describes it. */
export interface AuditEvent {
  /** The account whose log it goes in. */
  readonly accountId: string;
  readonly action: AuditAction;
  readonly actor: AuditActor;
  readonly target: AuditTarget;
  readonly changes?: AuditChanges | null;
}

/** An entry as stored and listed. */
export interface AuditEntry {
  readonly id: string;
  readonly accountId: string;
  readonly createdAt: Date;
  readonly action: AuditAction;
  readonly actor: AuditActor;
  readonly target: AuditTarget;
  readonly changes: AuditChanges | null;
  readonly requestId: string | null;
  readonly clientAddress: string | null;
}

/**
 * Field names that would carry a credential. The log is read by every ADMIN and exported to CSV, so
 * a use case that tried to put one there has a bug: it fails loudly instead of leaking it.
 */
const SECRET_FIELD = /secret|password|passphrase|api_?key|token|authorization|cookie|signature|private/i;

/** Throws when `changes`, at any depth, names a field that would carry a secret. */
export function assertNoSecrets(changes: unknown, path = 'changes'): void {
  if (changes === null || typeof changes !== 'object') return;
  for (const [field, value] of Object.entries(changes)) {
    if (SECRET_FIELD.test(field)) throw new Error(`audit ${path}.${field} would record a secret`);
    assertNoSecrets(value, `${path}.${field}`);
  }
}

/** `{from, to}` for each field whose value differs between `before` and `after`; null when none does. */
export function changedFields(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): AuditChanges | null {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of Object.keys(after)) {
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) {
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
    }
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

/**
 * A URL as the log shows it: as the API shows it, less any `user:password@` (a credential some
 * receivers take in the URL). Text that is not a URL is kept as it is.
 */
export function auditedUrl(url: string | null | undefined): string | null {
  if (url === null || url === undefined) return null;
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
