/**
 * Who is calling a deployment-scoped endpoint. `jwt` callers came through the token service;
 * some filters (currencyIsHidden) apply to them only (SPEC §2).
 */
export interface Caller {
  readonly memberId: string;
  /** The member's wallet address in display form (EVM checksum or Tron base58). */
  readonly address: string;
  readonly addressHex: `0x${string}`;
  readonly kind: 'api_key' | 'jwt';
  readonly sessionId?: string;
}
