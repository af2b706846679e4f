import { isRole, isScope, Right, Role, ROLE_RIGHTS, Scope } from './rights';

/**
 * How a caller authenticated, as the audit log records it: the `x-api-key` header (the member's
 * original key or a scoped one), a Bearer token of the token service, a wallet sign-in's session
 * cookie, or the operator's shell.
 */
export type Via = 'API_KEY' | 'TOKEN' | 'SESSION' | 'CLI';

/** What a scoped API key limits its holder to: its scopes, its one account, optionally some deployments. */
export interface KeyGrant {
  readonly keyId: string;
  readonly scopes: readonly Scope[];
  readonly accountId: string;
  /** null: every deployment of the account. */
  readonly deploymentIds: readonly string[] | null;
}

/**
 * Who is calling an `/api/v1` route. `jwt` callers came through the token service or a wallet
 * session; some filters (currencyIsHidden) apply to them only (docs/authentication.md).
 */
export interface Caller {
  readonly memberId: string;
  /** The member's wallet address in display form (EVM checksum or Tron base58). */
  readonly address: string;
  readonly addressHex: `0x${string}`;
  readonly kind: 'api_key' | 'jwt';
  readonly via: Via;
  /** The scoped API key used, directly or through a token opened with it; null for the original credential. */
  readonly keyId: string | null;
  readonly sessionId?: string;
  /** The scoped key's limits; undefined for an unscoped credential (its role's rights on every account). */
  readonly grant?: KeyGrant;
  /**
   * The caller's role on the route's account, read in the access guard's own query on every request
   * (so a role change acts on the very next one). Set on account- and deployment-scoped routes.
   */
  readonly role?: Role;
  /**
   * On routes without an account in the path: the caller's role per account (account id → role),
   * already narrowed to the key's account for a scoped key.
   */
  readonly memberships?: ReadonlyMap<string, Role>;
}

/**
 * The database half of an authentication, as data: the credential that passed every check the
 * database is not needed for. Its member is the one whose credential is live: an API key (the
 * member's original one, or a scoped key not revoked and not expired) whose digest is stored, or a
 * token-service session (of that member, and of its key if it was opened with one) not revoked.
 * Nothing is cached, so revocation stays immediate. A read that also answers "what may they see"
 * (the access guard's) looks the member up in its own query, so a request pays one round trip for
 * both. `via` tells a Bearer token from a wallet session's cookie (both are token-service sessions).
 */
export type CallerLookup =
  | { readonly kind: 'api_key'; readonly apiKeyDigest: string }
  | {
      readonly kind: 'jwt';
      readonly sessionId: string;
      readonly memberId: string;
      readonly via: Extract<Via, 'TOKEN' | 'SESSION'>;
    };

/** Port for a lookup on its own (the SQL lives in infrastructure/). */
export abstract class CallerLookups {
  abstract run(lookup: CallerLookup): Promise<CallerRow | undefined>;
  /** Records that a scoped key was used now; callers bound it to once a minute per key. */
  abstract touchKey(keyId: string): Promise<void>;
}

/** The member row a `CallerLookup` finds, with its scoped key's columns (null for an unscoped credential). */
export interface CallerRow {
  readonly id: string;
  readonly address: string;
  readonly address_hex: `0x${string}`;
  readonly key_id: string | null;
  readonly key_scopes: string[] | null;
  readonly key_account_id: string | null;
  readonly key_deployment_ids: string[] | null;
  readonly key_last_used_at: Date | null;
  /** Only on account-less lookups: `accountId:ROLE` per membership, narrowed to the key's account. */
  readonly memberships?: string[];
}

export function callerFromRow(lookup: CallerLookup, row: CallerRow, role?: string | null): Caller {
  const grant: KeyGrant | undefined =
    row.key_id === null
      ? undefined
      : {
          keyId: row.key_id,
          scopes: (row.key_scopes ?? []).filter(isScope),
          accountId: row.key_account_id as string,
          deploymentIds: row.key_deployment_ids,
        };
  return {
    memberId: row.id,
    address: row.address,
    addressHex: row.address_hex,
    kind: lookup.kind,
    via: lookup.kind === 'jwt' ? lookup.via : 'API_KEY',
    keyId: grant?.keyId ?? null,
    ...(lookup.kind === 'jwt' ? { sessionId: lookup.sessionId } : {}),
    ...(grant === undefined ? {} : { grant }),
    ...(isRole(role) ? { role } : {}),
    ...(row.memberships === undefined ? {} : { memberships: membershipsFrom(row.memberships) }),
  };
}

function membershipsFrom(entries: readonly string[]): ReadonlyMap<string, Role> {
  const map = new Map<string, Role>();
  for (const entry of entries) {
    const separator = entry.lastIndexOf(':');
    const role = entry.slice(separator + 1);
    if (isRole(role)) map.set(entry.slice(0, separator), role);
  }
  return map;
}

/**
 * On a route without an account in its path: the accounts whose role gives the caller `right`
 * (the guard has checked the key's scope already), each limited to a scoped key's deployments.
 */
export function accountsAllowing(
  caller: Caller,
  right: Right,
): { accountIds: string[]; deploymentIds: readonly string[] | null } {
  const accountIds = [...(caller.memberships ?? new Map<string, Role>())]
    .filter(([, role]) => ROLE_RIGHTS[role].includes(right))
    .map(([accountId]) => accountId);
  return { accountIds, deploymentIds: caller.grant?.deploymentIds ?? null };
}
