import { UINT256_MAX } from './amount';
import { DomainError } from './domain-error';

/** Nonces travel as non-negative integer strings up to uint256 (SPEC §1) and are bigint in code. */
export function parseNonce(input: unknown, field = 'nonce'): bigint {
  if (typeof input !== 'string' || !/^\d{1,78}$/.test(input) || BigInt(input) > UINT256_MAX) {
    throw DomainError.field(field, `${field} must be a non-negative integer string up to 2^256-1`, 'INVALID_NONCE');
  }
  return BigInt(input);
}
