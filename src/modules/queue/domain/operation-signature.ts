import { concat, getAddress, keccak256, pad, recoverAddress, toBytes, type Hex, type TypedDataDefinition } from 'viem';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Call } from './call';

/**
 * What owners sign and how their signatures are checked and packed (docs/contract.md, Operations queue). Pure functions of
 * their inputs; nothing here knows about HTTP or the database.
 *
 * - 1.0.0 takes raw 65-byte ECDSA signatures (r ‖ s ‖ v).
 * - 1.1.0 and later take packed entries `signer(20) ‖ uint16 BE length ‖ signature`; the
 *   signature must recover to `signer` (only 65-byte ECDSA signatures are accepted inside).
 *
 * Malleability: a signature with s in the upper half of the curve order is rejected, as the
 * wallet contract (OpenZeppelin ECDSA) rejects it, so one consent has exactly one encoding.
 * `v` may be 27/28 or the raw recovery id 0/1 (some signers emit that); 0/1 is normalised to
 * 27/28 before storing, because that is what the contract's `ecrecover` accepts. Any other v is
 * rejected.
 */
export type SignatureFormat = 'raw' | 'packed';

export const EXECUTE_TYPES = {
  Execute: [
    { name: 'calls', type: 'Call[]' },
    { name: 'nonce', type: 'uint256' },
  ],
  Call: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
} as const;

export interface SigningDomain {
  readonly name: string;
  readonly version: string;
  readonly chainId: bigint;
  /** The wallet's 20-byte address (Tron wallets too: TIP-712 hashes the 20-byte form). */
  readonly verifyingContract: Hex;
}

/** 1.0.0 → raw; every later version → packed entries. */
export function signatureFormatFor(contractVersion: string): SignatureFormat {
  const [major, minor] = contractVersion.split('.').map((part) => Number(part));
  return major > 1 || (major === 1 && minor >= 1) ? 'packed' : 'raw';
}

export function executeTypedData(
  domain: SigningDomain,
  calls: readonly Call[],
  nonce: bigint,
): TypedDataDefinition<typeof EXECUTE_TYPES, 'Execute'> {
  return {
    domain: {
      name: domain.name,
      version: domain.version,
      chainId: domain.chainId,
      verifyingContract: domain.verifyingContract,
    },
    types: EXECUTE_TYPES,
    primaryType: 'Execute',
    message: { calls: calls.map((call) => ({ to: call.to.hex20, value: call.value, data: call.data })), nonce },
  };
}

/** The EIP-712 domain type of the wallet's signing domain (every field present). */
export const EIP712_DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const;

/**
 * `Execute(calls, nonce)` as JSON, exactly what `eth_signTypedData_v4` takes: `types` include
 * `EIP712Domain`, uint256 values are decimal strings, addresses are the 20-byte form (EIP-55
 * cased; Tron's too, as TIP-712 hashes it).
 */
export interface ExecuteTypedDataJson {
  readonly domain: { name: string; version: string; chainId: number; verifyingContract: string };
  readonly primaryType: 'Execute';
  readonly types: {
    EIP712Domain: { name: string; type: string }[];
    Execute: { name: string; type: string }[];
    Call: { name: string; type: string }[];
  };
  readonly message: { calls: { to: string; value: string; data: string }[]; nonce: string };
}

export function executeTypedDataJson(
  domain: SigningDomain,
  calls: readonly Call[],
  nonce: bigint,
): ExecuteTypedDataJson {
  return {
    domain: {
      name: domain.name,
      version: domain.version,
      chainId: Number(domain.chainId),
      verifyingContract: getAddress(domain.verifyingContract),
    },
    primaryType: 'Execute',
    types: {
      EIP712Domain: EIP712_DOMAIN_TYPE.map((field) => ({ ...field })),
      Execute: EXECUTE_TYPES.Execute.map((field) => ({ ...field })),
      Call: EXECUTE_TYPES.Call.map((field) => ({ ...field })),
    },
    message: {
      calls: calls.map((call) => ({ to: getAddress(call.to.hex20), value: call.value.toString(), data: call.data })),
      nonce: nonce.toString(),
    },
  };
}

export interface ExecuteHashes {
  readonly domainSeparator: Hex;
  readonly structHash: Hex;
  /** keccak256(0x1901 ‖ domainSeparator ‖ structHash): what the wallet's `getDigest` returns and owners sign. */
  readonly digest: Hex;
}

const DOMAIN_TYPEHASH = keccak256(
  toBytes('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
);
const EXECUTE_TYPEHASH = keccak256(
  toBytes('Execute(Call[] calls,uint256 nonce)Call(address to,uint256 value,bytes data)'),
);
const CALL_TYPEHASH = keccak256(toBytes('Call(address to,uint256 value,bytes data)'));

/** A 32-byte word of an EIP-712 encoding: a uint256, or an address left-padded. */
function word(value: bigint | Hex): Hex {
  return typeof value === 'bigint' ? (`0x${value.toString(16).padStart(64, '0')}` as Hex) : pad(value, { size: 32 });
}

/**
 * The three hashes of `Execute(calls, nonce)` in `domain`: the one definition of what owners sign,
 * used by the signature check and shown by the review. Written out field by field (EIP-712's
 * `encodeData` for these two fixed types) because a generic typed-data encoder costs milliseconds
 * for eight calls; `operation-signature.spec.ts` holds it equal to viem's `hashTypedData`.
 */
export function executeHashes(domain: SigningDomain, calls: readonly Call[], nonce: bigint): ExecuteHashes {
  const domainSeparator = keccak256(
    concat([
      DOMAIN_TYPEHASH,
      keccak256(toBytes(domain.name)),
      keccak256(toBytes(domain.version)),
      word(domain.chainId),
      word(domain.verifyingContract),
    ]),
  );
  const callHashes = calls.map((call) =>
    keccak256(concat([CALL_TYPEHASH, word(call.to.hex20), word(call.value), keccak256(call.data)])),
  );
  const structHash = keccak256(concat([EXECUTE_TYPEHASH, keccak256(concat(callHashes)), word(nonce)]));
  const digest = keccak256(concat(['0x1901', domainSeparator, structHash]));
  return { domainSeparator, structHash, digest };
}

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N / 2n;
const HEX = /^(0x)?([0-9a-fA-F]{2})+$/;
const ECDSA_LENGTH = 65;

export interface VerifiedSignature {
  /** Lowercase 0x + 40 hex of the key that signed. */
  readonly signerHex: Hex;
  /** The 65-byte r ‖ s ‖ v, v normalised to 27/28, lowercase hex. */
  readonly signature: Hex;
}

function invalid(message: string, code = 'INVALID_SIGNATURE'): DomainError {
  return DomainError.field('signature', message, code);
}

/**
 * Checks a submitted signature over `Execute(calls, nonce)` in `domain`. Returns who signed; a
 * 400 naming `signature` for anything that is not a valid, canonical signature in `format`.
 */
export async function verifySubmittedSignature(
  input: string,
  format: SignatureFormat,
  domain: SigningDomain,
  calls: readonly Call[],
  nonce: bigint,
): Promise<VerifiedSignature> {
  if (!HEX.test(input)) throw invalid('signature must be hex');
  const bytes = Buffer.from(input.replace(/^0x/, ''), 'hex');
  let claimedSigner: Hex | undefined;
  let ecdsa: Buffer;
  if (format === 'raw') {
    if (bytes.length !== ECDSA_LENGTH)
      throw invalid(`signature must be ${ECDSA_LENGTH} bytes for this contract version`);
    ecdsa = bytes;
  } else {
    if (bytes.length < 22)
      throw invalid('signature must be a packed entry: signer (20 bytes), length (2 bytes), signature');
    const length = bytes.readUInt16BE(20);
    if (length !== ECDSA_LENGTH || bytes.length !== 22 + length) {
      throw invalid(`signature must be a packed entry holding one ${ECDSA_LENGTH}-byte signature`);
    }
    claimedSigner = `0x${bytes.subarray(0, 20).toString('hex')}`;
    ecdsa = bytes.subarray(22);
  }
  const r = BigInt(`0x${ecdsa.subarray(0, 32).toString('hex')}`);
  const s = BigInt(`0x${ecdsa.subarray(32, 64).toString('hex')}`);
  const rawV = ecdsa[64];
  if (r === 0n || r >= SECP256K1_N || s === 0n) throw invalid('signature is not a valid ECDSA signature');
  if (s > HALF_N)
    throw invalid('signature is malleable (s in the upper half of the curve order)', 'SIGNATURE_MALLEABLE');
  if (![0, 1, 27, 28].includes(rawV)) throw invalid('signature v must be 27 or 28');
  const v = rawV < 27 ? rawV + 27 : rawV;
  const signature = `0x${Buffer.concat([ecdsa.subarray(0, 64), Buffer.from([v])]).toString('hex')}` as Hex;

  let recovered: Hex;
  try {
    recovered = (
      await recoverAddress({ hash: executeHashes(domain, calls, nonce).digest, signature })
    ).toLowerCase() as Hex;
  } catch {
    throw invalid('signature does not recover to a signer');
  }
  if (claimedSigner !== undefined && recovered !== claimedSigner) {
    throw invalid('signature does not recover to the signer named in the packed entry', 'SIGNATURE_SIGNER_MISMATCH');
  }
  return { signerHex: recovered, signature };
}

/** One signature as the contract version takes it: raw 65 bytes, or the packed entry. */
export function signatureEntry(format: SignatureFormat, signerHex: Hex, signature: Hex): Hex {
  if (format === 'raw') return signature;
  const body = signature.slice(2);
  const length = (body.length / 2).toString(16).padStart(4, '0');
  return `0x${signerHex.slice(2).toLowerCase()}${length}${body}`;
}

/** The `signatures` argument of `execute`: every entry, ascending by signer. */
export function packSignatureBlob(
  format: SignatureFormat,
  signatures: readonly { signerHex: Hex; signature: Hex }[],
): Hex {
  const sorted = [...signatures].sort((a, b) => compareHex(a.signerHex, b.signerHex));
  return `0x${sorted.map((entry) => signatureEntry(format, entry.signerHex, entry.signature).slice(2)).join('')}`;
}

export function compareHex(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}
