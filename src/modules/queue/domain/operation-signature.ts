import { hashTypedData, recoverAddress, type Hex, type TypedDataDefinition } from 'viem';
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
      await recoverAddress({ hash: hashTypedData(executeTypedData(domain, calls, nonce)), signature })
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
