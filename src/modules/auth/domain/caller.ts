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
 * The database half of an authentication, as data: the credential that passed every check the
 * database is not needed for. Its member is the one whose credential is live: an API key whose
 * digest is stored, or a session (of that member) not revoked. Nothing is cached, so revocation
 * stays immediate. A read that also answers "what may they see" (the access guard's) looks the
 * member up in its own query, so a request pays one round trip for both.
 */
export type CallerLookup =
  | { readonly kind: 'api_key'; readonly apiKeyDigest: string }
  | { readonly kind: 'jwt'; readonly sessionId: string; readonly memberId: string };

/** Port for a lookup on its own (the SQL lives in infrastructure/). */
export abstract class CallerLookups {
  abstract run(lookup: CallerLookup): Promise<CallerRow | undefined>;
}

/** The member row a `CallerLookup` finds. */
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
    ...(lookup.kind === 'jwt' ? { sessionId: lookup.sessionId } : {}),
  };
}
