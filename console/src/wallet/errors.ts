/** A wallet step the console refused or the wallet could not do, with what the person should know. */
export class WalletError extends Error {
  constructor(
    readonly reason: 'NO_WALLET' | 'DIGEST_MISMATCH' | 'WRONG_ACCOUNT' | 'TRON_REFUSED',
    detail = '',
  ) {
    super(detail || reason);
  }
}
