import { Address } from './address';

/** Hex digits of the 20-byte form a look-alike shares at the start, and at the end. */
export const LOOKALIKE_PREFIX_DIGITS = 3;
export const LOOKALIKE_SUFFIX_DIGITS = 4;

/**
 * Address poisoning: an attacker makes an address whose first and last digits match a payee's
 * (the digits a wallet shows, and a person checks) and plants it in the victim's history. Two
 * different addresses are look-alikes when their 20-byte hex forms share the first 3 and the last 4
 * hex digits. The comparison is in the 20-byte form so a Tron address (base58 `T…` or `41…` hex) is
 * compared by the same bytes an EVM address is. An address is never a look-alike of itself.
 *
 * The one rule both the review's `PAYEE_LOOKALIKE` warning and the payout policy's refusal use.
 */
export function isLookalike(a: Address | string, b: Address | string): boolean {
  const left = digitsOf(a);
  const right = digitsOf(b);
  if (left === right) return false;
  return (
    left.slice(0, LOOKALIKE_PREFIX_DIGITS) === right.slice(0, LOOKALIKE_PREFIX_DIGITS) &&
    left.slice(-LOOKALIKE_SUFFIX_DIGITS) === right.slice(-LOOKALIKE_SUFFIX_DIGITS)
  );
}

/** The first known payee `recipient` looks like (and is not), or undefined. */
export function findLookalike<T extends Address | string>(
  recipient: Address | string,
  known: readonly T[],
): T | undefined {
  return known.find((candidate) => isLookalike(recipient, candidate));
}

/**
 * A SQL `LIKE` pattern over the lowercase `0x…` 20-byte form that matches every look-alike of
 * `address` (and the address itself): lets a query narrow the candidates an index can find, before
 * `isLookalike` decides. Hex digits hold no `LIKE` wildcard, so nothing needs escaping.
 */
export function lookalikePattern(address: Address | string): string {
  const digits = digitsOf(address);
  return `0x${digits.slice(0, LOOKALIKE_PREFIX_DIGITS)}%${digits.slice(-LOOKALIKE_SUFFIX_DIGITS)}`;
}

/** The 40 lowercase hex digits of an address's 20-byte form. */
function digitsOf(address: Address | string): string {
  if (typeof address !== 'string') return address.hex20.slice(2);
  const parsed = /^0x[0-9a-fA-F]{40}$/.test(address) ? undefined : Address.tryParseAny(address);
  const hex = parsed?.hex20 ?? address;
  if (!/^0x[0-9a-fA-F]{40}$/.test(hex)) throw new Error(`not an address: ${address}`);
  return hex.slice(2).toLowerCase();
}
