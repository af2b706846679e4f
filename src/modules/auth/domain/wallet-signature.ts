import { concat, hashMessage, keccak256, recoverAddress, stringToBytes, type Hex } from 'viem';
import type { Address } from '../../../shared/domain/address';

/** TIP-191, what TronWeb's `signMessageV2` and TronLink sign: Ethereum's EIP-191 with Tron's name. */
const TRON_MESSAGE_PREFIX = '\x19TRON Signed Message:\n';

/** The digest a Tron wallet signs for `text` (TIP-191: prefix, the text's length in bytes, the text). */
export function tronMessageHash(text: string): Hex {
  const bytes = stringToBytes(text);
  return keccak256(concat([stringToBytes(`${TRON_MESSAGE_PREFIX}${bytes.length}`), bytes]));
}

/** The digest a wallet signs for `text`: EIP-191 for an EVM address, TIP-191 for a Tron one. */
export function signedMessageHash(text: string, signer: Address): Hex {
  return signer.networkType === 'tvm' ? tronMessageHash(text) : hashMessage(text);
}

/** The 20-byte address (lower case) whose key made `signature` over `hash`; undefined when none can. */
export async function recoverSigner(hash: Hex, signature: Hex): Promise<`0x${string}` | undefined> {
  try {
    return (await recoverAddress({ hash, signature })).toLowerCase() as `0x${string}`;
  } catch {
    return undefined;
  }
}

/** What a smart-contract wallet answered when asked about a signature (ERC-1271). */
export type ContractSignatureAnswer = 'valid' | 'invalid' | 'no_rpc';

/**
 * Port: asks a contract on a chain whether it approves a signature over a digest (ERC-1271
 * `isValidSignature`), through that chain's RPC. `no_rpc` when the service has none for the chain.
 * A contract that reverts, returns something else, or is not there at all answers `invalid`.
 */
export abstract class ContractSignatures {
  abstract check(chainId: string, contract: `0x${string}`, hash: Hex, signature: Hex): Promise<ContractSignatureAnswer>;
}

/** Whose signature it is: the address's own key (EOA), its contract (ERC-1271), or neither. */
export type WalletSignatureCheck = 'eoa' | 'contract' | 'invalid' | 'no_rpc';

/**
 * A signature of `text` by `signer`: its own key's (EIP-191, or TIP-191 for Tron), else, for an
 * EVM address, its contract's approval on `chainId` (ERC-1271). The key is tried first: it needs
 * no chain, and most people sign with one.
 */
export async function checkWalletSignature(
  text: string,
  signer: Address,
  signature: Hex,
  chainId: string,
  contracts: ContractSignatures,
): Promise<WalletSignatureCheck> {
  const hash = signedMessageHash(text, signer);
  if ((await recoverSigner(hash, signature)) === signer.hex20) return 'eoa';
  if (signer.networkType === 'tvm') return 'invalid';
  const answer = await contracts.check(chainId, signer.hex20, hash, signature);
  return answer === 'valid' ? 'contract' : answer;
}
