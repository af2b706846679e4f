import { getAddress } from 'viem';
import { Address, NetworkType } from '../../../shared/domain/address';
import { UINT256_MAX } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';

const HEX_BYTES = /^0x([0-9a-fA-F]{2})*$/;
const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

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
  // A Tron call's `to` may also come back in the 0x-hex form this service returns it in.
  const to =
    networkType === 'tvm' && typeof input.to === 'string' && EVM_HEX.test(input.to)
      ? Address.fromHex20(input.to, 'tvm')
      : Address.parse(input.to, networkType, `${field}.to`);
  if (typeof input.value !== 'string' || !/^\d{1,78}$/.test(input.value) || BigInt(input.value) > UINT256_MAX) {
    throw DomainError.field(`${field}.value`, `${field}.value must be a non-negative integer string up to 2^256-1`);
  }
  if (typeof input.data !== 'string' || !HEX_BYTES.test(input.data)) {
    throw DomainError.field(`${field}.data`, `${field}.data must be 0x-prefixed hex of even length`);
  }
  return { to, value: BigInt(input.value), data: input.data.toLowerCase() as `0x${string}` };
}

/** Calls in one operation. */
export const MAX_OPERATION_CALLS = 8;
/** Calldata of one operation's calls together, in bytes (twice that in hex on the wire). */
export const MAX_OPERATION_CALLDATA_BYTES = 2_560;

/**
 * An operation's calls from the wire. Their size is capped because every queue list carries them:
 * a hundred operations of 100 kB each made a 10 MB page that slowed every other tenant down. The
 * cap holds the calls a treasury signs (transfers, approvals, swaps through a router, a batch of a
 * few) and keeps a page of a hundred operations a member can make alone (signatures need the
 * approvers' keys) under 1 MB; pages that signatures take past it are refused by the JSON reply.
 */
export function parseCalls(inputs: readonly CallWire[], networkType: NetworkType): Call[] {
  if (inputs.length > MAX_OPERATION_CALLS) {
    throw DomainError.field('calls', `calls may hold at most ${MAX_OPERATION_CALLS} calls`, 'CALLS_TOO_LARGE');
  }
  const calls = inputs.map((input, index) => parseCall(input, networkType, index));
  const bytes = calls.reduce((sum, call) => sum + (call.data.length - 2) / 2, 0);
  if (bytes > MAX_OPERATION_CALLDATA_BYTES) {
    throw DomainError.field(
      'calls',
      `the data of all calls together may hold at most ${MAX_OPERATION_CALLDATA_BYTES} bytes (got ${bytes})`,
      'CALLS_TOO_LARGE',
    );
  }
  return calls;
}

/**
 * The wire form. A Tron call's `to` is its 20-byte 0x-hex form (EIP-55 cased), the form the
 * wallet ABI encodes and the SDK passes to viem (docs/contract.md, Wire details); Tron addresses elsewhere stay base58.
 */
export function callToWire(call: Call): CallWire {
  const to = call.to.networkType === 'tvm' ? getAddress(call.to.hex20) : call.to.display;
  return { to, value: call.value.toString(), data: call.data };
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
