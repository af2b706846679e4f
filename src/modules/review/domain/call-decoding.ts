import {
  decodeAbiParameters,
  erc20Abi,
  toFunctionSelector,
  toFunctionSignature,
  type Abi,
  type AbiFunction,
  type Hex,
} from 'viem';
import { Address, NetworkType } from '../../../shared/domain/address';
import type { Currency } from '../../catalog/catalog';
import type { Call } from '../../queue/domain/call';

/** A contract argument as the review shows it: addresses in the network's display form, numbers as decimal strings. */
export type ArgumentValue = string | boolean | ArgumentValue[] | { [name: string]: ArgumentValue };

/** What one call does, as far as the service can tell from its target and calldata. */
export type DecodedCall =
  | { kind: 'NATIVE_TRANSFER'; recipient: Address; amount: bigint; currency: Currency | null }
  | { kind: 'TOKEN_TRANSFER'; currency: Currency; recipient: Address; amount: bigint }
  | { kind: 'SET_CONFIG'; approvers: Address[]; threshold: bigint }
  | { kind: 'CLAIM_TO'; currency: Currency | null; recipient: Address; invoiceNonces: bigint[] }
  | { kind: 'CONTRACT_CALL'; function: string; args: { name: string; type: string; value: ArgumentValue }[] }
  | { kind: 'UNKNOWN'; selector: Hex | null };

/** What decoding needs to know about the wallet and its chain. */
export interface DecodingContext {
  readonly networkType: NetworkType;
  /** The wallet the calls run from: calls to it are decoded with its own ABI. */
  readonly wallet: Address;
  readonly walletAbi: Abi;
  /** The chain's native coin in the catalog (null if the catalog has none). */
  readonly nativeCurrency: Currency | null;
  /** The chain's catalog tokens by their 20-byte address. */
  readonly tokens: ReadonlyMap<string, Currency>;
}

const ZERO_HEX20 = `0x${'0'.repeat(40)}`;

/**
 * Decodes one call. Only targets whose ABI the service knows are decoded (the wallet itself and
 * the catalog's tokens, which speak ERC-20/TRC-20); anything else is `UNKNOWN` with its selector,
 * however plausible its calldata looks: a selector alone does not say what a contract does.
 */
export function decodeCall(call: Call, context: DecodingContext): DecodedCall {
  if (call.data === '0x') {
    return { kind: 'NATIVE_TRANSFER', recipient: call.to, amount: call.value, currency: context.nativeCurrency };
  }
  const selector = call.data.length >= 10 ? (call.data.slice(0, 10) as Hex) : null;
  if (call.to.hex20 === context.wallet.hex20) return decodeWalletCall(call.data, selector, context);
  const token = context.tokens.get(call.to.hex20);
  if (token !== undefined) return decodeTokenCall(call.data, selector, token, context);
  return { kind: 'UNKNOWN', selector };
}

function decodeWalletCall(data: Hex, selector: Hex | null, context: DecodingContext): DecodedCall {
  const decoded = tryDecode(context.walletAbi, data);
  if (decoded === undefined) return { kind: 'UNKNOWN', selector };
  const { item, args } = decoded;
  const address = (value: unknown) => Address.fromHex20(value as string, context.networkType);
  if (item.name === 'setConfig') {
    const [owners, threshold] = args as [string[], bigint];
    return { kind: 'SET_CONFIG', approvers: owners.map(address), threshold };
  }
  if (item.name === 'claimTo') {
    const [erc20, to, accountIds] = args as [string, string, Hex[]];
    const currency =
      erc20.toLowerCase() === ZERO_HEX20 ? context.nativeCurrency : (context.tokens.get(erc20.toLowerCase()) ?? null);
    return {
      kind: 'CLAIM_TO',
      currency,
      recipient: address(to),
      invoiceNonces: accountIds.map((id) => BigInt(id)),
    };
  }
  return contractCall(item, args, context.networkType);
}

function decodeTokenCall(data: Hex, selector: Hex | null, token: Currency, context: DecodingContext): DecodedCall {
  const decoded = tryDecode(erc20Abi, data);
  if (decoded === undefined) return { kind: 'UNKNOWN', selector };
  if (decoded.item.name === 'transfer') {
    const [to, amount] = decoded.args as [string, bigint];
    return {
      kind: 'TOKEN_TRANSFER',
      currency: token,
      recipient: Address.fromHex20(to, context.networkType),
      amount,
    };
  }
  return contractCall(decoded.item, decoded.args, context.networkType);
}

/** Each ABI's functions by selector, computed once per ABI (a selector is a keccak of the signature). */
const SELECTORS = new WeakMap<Abi, ReadonlyMap<string, AbiFunction>>();

function functionsOf(abi: Abi): ReadonlyMap<string, AbiFunction> {
  let bySelector = SELECTORS.get(abi);
  if (bySelector === undefined) {
    bySelector = new Map(
      abi
        .filter((item): item is AbiFunction => item.type === 'function')
        .map((item) => [toFunctionSelector(item), item]),
    );
    SELECTORS.set(abi, bySelector);
  }
  return bySelector;
}

function tryDecode(abi: Abi, data: Hex): { item: AbiFunction; args: readonly unknown[] } | undefined {
  const item = functionsOf(abi).get(data.slice(0, 10));
  if (item === undefined) return undefined;
  try {
    return { item, args: decodeAbiParameters(item.inputs, `0x${data.slice(10)}`) };
  } catch {
    return undefined;
  }
}

function contractCall(item: AbiFunction, args: readonly unknown[], networkType: NetworkType): DecodedCall {
  return {
    kind: 'CONTRACT_CALL',
    function: toFunctionSignature(item).replace(/^function /, ''),
    args: item.inputs.map((input, index) => ({
      name: input.name ?? `arg${index}`,
      type: input.type,
      value: argumentValue(input.type, args[index], networkType),
    })),
  };
}

function argumentValue(type: string, value: unknown, networkType: NetworkType): ArgumentValue {
  if (Array.isArray(value)) {
    const inner = type.replace(/\[\d*\]$/, '');
    return value.map((entry) => argumentValue(inner, entry, networkType));
  }
  if (type === 'address' && typeof value === 'string') return Address.fromHex20(value, networkType).display;
  if (typeof value === 'bigint' || typeof value === 'number') return value.toString();
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, entry]) => [name, argumentValue(typeof entry, entry, networkType)]),
    );
  }
  return String(value);
}
