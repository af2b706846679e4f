import { createBase58check } from '@scure/base';
import { getAddress, type Hex, sha256 } from 'viem';
import { DomainError } from './domain-error';

/** The two address families the service knows: EVM chains and Tron (TVM). */
export type NetworkType = 'evm' | 'tvm';

/** Tron's base58check: the checksum is the first 4 bytes of sha256(sha256(payload)). */
const tronBase58 = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));

/** Every Tron account address is the byte 0x41 followed by the same 20 bytes an EVM address has. */
const TRON_PREFIX = 0x41;

const EVM_INPUT = /^0x[0-9a-fA-F]{40}$/;
const TRON_BASE58_INPUT = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_HEX_INPUT = /^41[0-9a-fA-F]{40}$/;

const EXPECTED: Record<NetworkType, string> = {
  evm: 'an EVM address: 0x followed by 40 hex digits',
  tvm: 'a Tron address: base58check T… (34 characters) or 41 followed by 40 hex digits',
};

/** What `parseUniversal` accepts, worded to complete "<field> must be …". */
export const UNIVERSAL_ADDRESS_FORMAT = `${EXPECTED.evm}, or ${EXPECTED.tvm}`;

/**
 * A "UniversalAddress" (SPEC §1): an account or contract address that is valid for its network
 * type. Input is read leniently (EVM in any letter case, Tron also in its `41…` hex form); the
 * value always shows one canonical form, so two equal addresses can never look different.
 */
export class Address {
  private constructor(
    readonly networkType: NetworkType,
    /** The 20 address bytes as lowercase `0x…` hex: what signatures, CREATE2 and ABI encoding use. */
    readonly hex20: Hex,
    /** What the API returns: EIP-55 checksum for EVM, base58check `T…` for Tron. */
    readonly display: string,
  ) {}

  /**
   * Reads an address that must belong to `networkType`; anything else is a 400 naming `field`.
   * EVM checksums are not enforced: the contract accepts any letter case on input.
   */
  static parse(input: string, networkType: NetworkType, field = 'address'): Address {
    const address = networkType === 'evm' ? Address.readEvm(input) : Address.readTron(input);
    if (address === undefined) throw DomainError.field(field, `${field} must be ${EXPECTED[networkType]}`);
    return address;
  }

  /**
   * Reads an address whose network type is told by its own shape (`0x…` is EVM, anything else is
   * taken as Tron): for filters that span every network.
   */
  static parseUniversal(input: string, field = 'address'): Address {
    const address = /^0x/i.test(input) ? Address.readEvm(input) : Address.readTron(input);
    if (address === undefined) throw DomainError.field(field, `${field} must be ${UNIVERSAL_ADDRESS_FORMAT}`);
    return address;
  }

  equals(other: Address): boolean {
    return this.networkType === other.networkType && this.hex20 === other.hex20;
  }

  toString(): string {
    return this.display;
  }

  private static readEvm(input: string): Address | undefined {
    if (!EVM_INPUT.test(input)) return undefined;
    return new Address('evm', input.toLowerCase() as Hex, getAddress(input));
  }

  private static readTron(input: string): Address | undefined {
    let bytes: Uint8Array;
    if (TRON_HEX_INPUT.test(input)) {
      bytes = Uint8Array.from(Buffer.from(input, 'hex'));
    } else if (TRON_BASE58_INPUT.test(input)) {
      try {
        bytes = tronBase58.decode(input);
      } catch {
        return undefined; // the checksum does not match
      }
      if (bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return undefined;
    } else {
      return undefined;
    }
    return new Address('tvm', `0x${Buffer.from(bytes.subarray(1)).toString('hex')}`, tronBase58.encode(bytes));
  }
}
