/**
 * Roles, scopes and the rights they give (docs/authentication.md, "Roles and scopes"). Every
 * `/api/v1` route declares the one right it needs; a request passes when the caller's role on the
 * account has that right AND, for a scoped API key (or a token opened with one), one of the key's
 * scopes gives it. This file is the only place that says which role or scope gives what.
 */

export const ROLES = ['ADMIN', 'OPERATOR', 'VIEWER'] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = ['read', 'invoices:write', 'payouts:write', 'operations:write', 'settings:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** What a route may need. Each route kind has one; a route declares exactly one. */
export const RIGHTS = [
  /** Every read of the account and its deployments: lists, details, balances, exports, queue, members, keys. */
  'read',
  /** Create and update invoices. */
  'invoices:write',
  /** Create and update payouts. */
  'payouts:write',
  /** Multisig-config and reject operations, nonce changes, deleting operations. */
  'operations:write',
  /** Submit an approver's signature: any member; the signature itself is the approver's proof. */
  'operations:sign',
  /** Send failed callbacks again. */
  'callbacks:resend',
  /** Propose an address-book entry. */
  'address-book:propose',
  /** Approve or delete address-book entries. */
  'address-book:approve',
  /** Account settings: name, callback secret and settings, notification settings, payout policy. */
  'settings:write',
  /** Add, change and remove members; revoke other members' API keys (with `api-keys:revoke`). */
  'members:write',
  /** Read the audit log. */
  'audit:read',
  /** Create one's own API keys: no scope gives it, so a key can never mint another key. */
  'api-keys:create',
  /** Revoke an API key: one's own, or (with `members:write`) another member's. */
  'api-keys:revoke',
  /** Change one's own notification settings (every member chooses how it hears of the queue). */
  'notifications:own',
] as const;
export type Right = (typeof RIGHTS)[number];

const VIEWER_RIGHTS: readonly Right[] = [
  'read',
  'operations:sign',
  'api-keys:create',
  'api-keys:revoke',
  'notifications:own',
];
const OPERATOR_RIGHTS: readonly Right[] = [
  ...VIEWER_RIGHTS,
  'invoices:write',
  'payouts:write',
  'operations:write',
  'callbacks:resend',
  'address-book:propose',
];
const ADMIN_RIGHTS: readonly Right[] = [
  ...OPERATOR_RIGHTS,
  'address-book:approve',
  'settings:write',
  'members:write',
  'audit:read',
];

/** Each role's rights. */
export const ROLE_RIGHTS: Readonly<Record<Role, readonly Right[]>> = {
  VIEWER: VIEWER_RIGHTS,
  OPERATOR: OPERATOR_RIGHTS,
  ADMIN: ADMIN_RIGHTS,
};

/** Each scope's rights. A write scope does not include `read`: a key that needs both holds both. */
export const SCOPE_RIGHTS: Readonly<Record<Scope, readonly Right[]>> = {
  read: ['read', 'audit:read'],
  'invoices:write': ['invoices:write'],
  'payouts:write': ['payouts:write'],
  'operations:write': ['operations:write', 'operations:sign'],
  'settings:write': [
    'callbacks:resend',
    'address-book:propose',
    'address-book:approve',
    'settings:write',
    'members:write',
    'api-keys:revoke',
    'notifications:own',
  ],
};

/** The scopes a role may put on a key: a VIEWER only `read` (else SCOPE_EXCEEDS_ROLE). */
export function scopesAllowedFor(role: Role): readonly Scope[] {
  return role === 'VIEWER' ? ['read'] : SCOPES;
}

/**
 * The one access rule: the role's right AND (for a scoped key) the key's scope. An unscoped
 * credential (the member's original key and secret, its tokens, a wallet session) has `scopes`
 * undefined and is limited by its role alone.
 */
export function decideAccess(
  role: Role,
  scopes: readonly Scope[] | undefined,
  right: Right,
): 'allowed' | 'ROLE_FORBIDS' | 'INSUFFICIENT_SCOPE' {
  if (!ROLE_RIGHTS[role].includes(right)) return 'ROLE_FORBIDS';
  if (scopes !== undefined && !scopes.some((scope) => SCOPE_RIGHTS[scope].includes(right))) return 'INSUFFICIENT_SCOPE';
  return 'allowed';
}

/**
 * The same rule on a route without an account in its path (the account list, the callbacks log):
 * the caller passes when one of its roles has the right (a member of no account passes, and then
 * sees nothing); what it then touches is narrowed to the accounts whose role has it.
 */
export function decideAccessAnywhere(
  roles: readonly Role[],
  scopes: readonly Scope[] | undefined,
  right: Right,
): 'allowed' | 'ROLE_FORBIDS' | 'INSUFFICIENT_SCOPE' {
  if (roles.length > 0 && !roles.some((role) => ROLE_RIGHTS[role].includes(right))) return 'ROLE_FORBIDS';
  if (scopes !== undefined && !scopes.some((scope) => SCOPE_RIGHTS[scope].includes(right))) return 'INSUFFICIENT_SCOPE';
  return 'allowed';
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
