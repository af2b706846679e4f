import { Address, NetworkType } from '../../../shared/domain/address';
import { UINT256_MAX } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';

const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/;

/** One call of an operation, as the wallet's `execute` takes it and as owners sign it. */
export interface Call {
  readonly to: Address;
  /** Wei / sun: base units of the native coin. */
  readonly value: bigint;
  /** Calldata, lowercase 0x-hex (`0x` for none). */
  readonly data: `0x${string}`;
}

export interface CallWire {
  readonly to: string;
  readonly value: string;
  readonly data: string;
}

/** Reads a call from the wire; each problem is a 400 naming `calls.<i>.<field>`. */
export function parseCall(input: CallWire, networkType: NetworkType, index: number): Call {
  const field = `calls.${index}`;
  const to = Address.parse(input.to, networkType, `${field}.to`);
  if (typeof input.value !== 'string' || !/^\d{1,78}$/.test(input.value) || BigInt(input.value) > UINT256_MAX) {
    throw DomainError.field(`${field}.value`, `${field}.value must be a non-negative integer string up to 2^256-1`);
  }
  if (typeof input.data !== 'string' || !HEX_BYTES.test(input.data)) {
    throw DomainError.field(`${field}.data`, `${field}.data must be 0x-prefixed hex of even length`);
  }
  return { to, value: BigInt(input.value), data: input.data.toLowerCase() as `0x${string}` };
}

export function callToWire(call: Call): CallWire {
  return { to: call.to.display, value: call.value.toString(), data: call.data };
}

/** Stored form: the 20-byte address, so it is independent of display rules. */
export interface StoredCall {
  readonly to: string;
  readonly value: string;
  readonly data: string;
}

export function callToStored(call: Call): StoredCall {
  return { to: call.to.hex20, value: call.value.toString(), data: call.data };
}

export function callFromStored(stored: StoredCall, networkType: NetworkType): Call {
  return {
    to: Address.fromHex20(stored.to, networkType),
    value: BigInt(stored.value),
    data: stored.data as `0x${string}`,
  };
}
