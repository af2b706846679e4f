import { UINT256_MAX } from './amount';
import { DomainError } from './domain-error';

/** Nonces travel as non-negative integer strings up to uint256 (docs/api-conventions.md) and are bigint in code. */
export function parseNonce(input: unknown, field = 'nonce'): bigint {
  if (typeof input !== 'string' || !/^\d{1,78}$/.test(input) || BigInt(input) > UINT256_MAX) {
    throw DomainError.field(field, `${field} must be a non-negative integer string up to 2^256-1`, 'INVALID_NONCE');
  }
  return BigInt(input);
}

/**
 * The nonces a queue operation may take: from the deployment's current nonce (lower ones are spent)
 * to below current + `window`. Without an upper bound any member could park an operation at
 * 2^256−1, which the wallet never reaches and after which the service has no next nonce to choose.
 */
export function assertNonceInWindow(nonce: bigint, currentNonce: bigint, window: bigint, field = 'nonce'): void {
  if (nonce < currentNonce) {
    throw DomainError.field(
      field,
      `${field} must be at least the next executable nonce ${currentNonce}`,
      'INVALID_NONCE',
    );
  }
  if (nonce >= currentNonce + window) {
    throw DomainError.field(
      field,
      `${field} must be below ${currentNonce + window}: at most ${window} nonces ahead of the next executable nonce ${currentNonce}`,
      'INVALID_NONCE',
    );
  }
}
