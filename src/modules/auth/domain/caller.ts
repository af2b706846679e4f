/**
 * Who is calling a deployment-scoped endpoint. `jwt` callers came through the token service;
 * some filters (currencyIsHidden) apply to them only (docs/authentication.md).
 */
export interface Caller {
  readonly memberId: string;
  /** The member's wallet address in display form (EVM checksum or Tron base58). */
  readonly address: string;
  readonly addressHex: `0x${string}`;
  readonly kind: 'api_key' | 'jwt';
  readonly sessionId?: string;
}

/**
 * The database half of an authentication, as a query another read can embed, so a request pays
 * one round trip for "who is calling" and "what may they see" (see AccessGuard).
 * `sql` selects at most one row `(id, address, address_hex)` of the calling member, live
 * credentials only, from `params` as `$1…$n`; nothing is cached, so revocation stays immediate.
 */
export interface CallerLookup {
  readonly kind: Caller['kind'];
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly sessionId?: string;
}

/**
 * Port for the lookups (the SQL lives in infrastructure/): a query for each kind of credential,
 * and running one on its own.
 */
export abstract class CallerLookups {
  abstract byApiKeyDigest(digest: string): CallerLookup;
  abstract bySession(sessionId: string, memberId: string): CallerLookup;
  abstract run(lookup: CallerLookup): Promise<CallerRow | undefined>;
}

/** The member row a `CallerLookup` selects. */
export interface CallerRow {
  readonly id: string;
  readonly address: string;
  readonly address_hex: `0x${string}`;
}

export function callerFromRow(lookup: CallerLookup, row: CallerRow): Caller {
  return {
    memberId: row.id,
    address: row.address,
    addressHex: row.address_hex,
    kind: lookup.kind,
    ...(lookup.sessionId === undefined ? {} : { sessionId: lookup.sessionId }),
  };
}
