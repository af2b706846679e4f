import { createBase58check } from '@scure/base';
import { getAddress, sha256 } from 'viem';
import { DomainError } from './domain-error';

export type NetworkType = 'evm' | 'tvm';

const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));
const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

const EXPECTED: Record<NetworkType, string> = {
  evm: 'an EVM address: 0x followed by 40 hex digits',
  tvm: 'a Tron address: base58check T… (34 characters) or 41 followed by 40 hex digits',
};

/** What `parseUniversal` accepts, worded to complete "<field> must be …". */
export const UNIVERSAL_ADDRESS_FORMAT = `${EXPECTED.evm}, or ${EXPECTED.tvm}`;
const TRON_HEX = /^41[0-9a-fA-F]{40}$/;
const TRON_BASE58 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/**
 * A "UniversalAddress" (docs/api-conventions.md): an EVM address (any case in, EIP-55 out) or a Tron address
 * (base58check `T…` or `41…` hex in, base58 out). `hex20` is the 20-byte form used for hashing,
 * signature recovery and matching chain events; equal addresses have equal `hex20`.
 */
export class Address {
  private constructor(
    readonly networkType: NetworkType,
    readonly hex20: `0x${string}`,
    readonly display: string,
  ) {}

  /** Parses for a given network type; anything else is a 400 naming `field`. */
  static parse(input: unknown, networkType: NetworkType, field = 'address'): Address {
    const address = typeof input === 'string' ? Address.tryParse(input, networkType) : undefined;
    if (address === undefined)
      throw DomainError.field(field, `${field} must be ${EXPECTED[networkType]}`, 'INVALID_ADDRESS');
    return address;
  }

  /**
   * Reads an address whose network type is told by its own shape (`0x…` is EVM, anything else is
   * taken as Tron): for filters that span every network.
   */
  static parseUniversal(input: string, field = 'address'): Address {
    const address = /^0x/i.test(input) ? Address.tryEvm(input) : Address.tryTron(input);
    if (address === undefined)
      throw DomainError.field(field, `${field} must be ${UNIVERSAL_ADDRESS_FORMAT}`, 'INVALID_ADDRESS');
    return address;
  }

  static tryParse(input: string, networkType: NetworkType): Address | undefined {
    return networkType === 'evm' ? Address.tryEvm(input) : Address.tryTron(input);
  }

  /** For inputs whose network is not known yet (a member's own address): either form. */
  static tryParseAny(input: string): Address | undefined {
    return Address.tryEvm(input) ?? Address.tryTron(input);
  }

  static fromHex20(hex20: string, networkType: NetworkType): Address {
    const lower = hex20.toLowerCase() as `0x${string}`;
    if (!EVM_HEX.test(lower)) throw new Error(`not a 20-byte hex address: ${hex20}`);
    return new Address(networkType, lower, displayOf(networkType, lower));
  }

  equals(other: Address): boolean {
    return this.networkType === other.networkType && this.hex20 === other.hex20;
  }

  toString(): string {
    return this.display;
  }

  private static tryEvm(input: string): Address | undefined {
    if (!EVM_HEX.test(input)) return undefined;
    const lower = input.toLowerCase() as `0x${string}`;
    return new Address('evm', lower, displayOf('evm', lower));
  }

  private static tryTron(input: string): Address | undefined {
    let bytes: Uint8Array;
    if (TRON_HEX.test(input)) {
      bytes = Buffer.from(input, 'hex');
    } else if (TRON_BASE58.test(input)) {
      try {
        bytes = base58check.decode(input);
      } catch {
        return undefined;
      }
    } else {
      return undefined;
    }
    if (bytes.length !== 21 || bytes[0] !== 0x41) return undefined;
    const hex20 = `0x${Buffer.from(bytes.subarray(1)).toString('hex')}` as `0x${string}`;
    return new Address('tvm', hex20, displayOf('tvm', hex20));
  }
}

/** Display forms remembered per network type; each map starts over past this many entries. */
export const REMEMBERED_DISPLAYS = 10_000;
const displays: Record<NetworkType, Map<string, string>> = { evm: new Map(), tvm: new Map() };

/**
 * The display form of a valid lowercase 20-byte hex address: EIP-55 for EVM (a keccak-256),
 * base58check for Tron (two SHA-256s). Every row a list reads rebuilds its addresses (a payouts
 * page about twenty), and most are the same few (the wallet, its approvers, regular payees), so
 * each is computed once; viem's own cache answered an EVM one with two LRU updates, Tron's had none.
 */
function displayOf(networkType: NetworkType, hex20: `0x${string}`): string {
  const remembered = displays[networkType];
  let display = remembered.get(hex20);
  if (display === undefined) {
    display = networkType === 'evm' ? getAddress(hex20) : base58check.encode(Buffer.from(`41${hex20.slice(2)}`, 'hex'));
    if (remembered.size >= REMEMBERED_DISPLAYS) remembered.clear();
    remembered.set(hex20, display);
  }
  return display;
}
