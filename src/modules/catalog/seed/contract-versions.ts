import type { Hex } from 'viem';
import {
  DEPOSIT_ACCOUNT_INIT_CODE_HASH,
  WALLET_ARTIFACTS,
  WALLET_EIP712_NAME,
  type WalletVersion,
} from '../../contracts/contract-artifacts';

/**
 * Multisig wallet contract versions (docs/contract.md, Catalog and The contracts), served from the compiled
 * contracts in `contracts/` (committed artifacts of `npm run contracts:build`).
 *
 * All versions share one ABI; they differ in their EIP-712 domain version and in how `execute`'s
 * `Operation.signatures` bytes are laid out:
 * - 1.0.0: raw 65-byte ECDSA signatures concatenated, ascending by signer.
 * - 1.1.0 and later: packed signer entries `signer (20 bytes) ‖ uint16 big-endian
 *   length ‖ signature`, ascending by signer (Tron signers in their 20-byte form).
 *
 * Deposit accounts: each invoice's deposit address is where the wallet creates a DepositAccount
 * with CREATE2, salt = invoiceNonce as a 32-byte big-endian uint256:
 *   EVM: address = keccak256(0xff ‖ wallet ‖ salt ‖ depositAccountInitCodeHash)[12:]
 *   TVM: the same with 0x41 instead of 0xff, the result prefixed 0x41 for base58check.
 * DepositAccount's creation code takes no constructor arguments, so its hash is one constant
 * for every wallet and version.
 *
 * Tron: the TVM rows publish the same ABI and the hash of the same (EVM-compiled) creation code.
 * Nothing here has run on a Tron node; an operator deploying to Tron must check that the
 * DepositAccount creation code the wallet embeds there hashes to this value.
 */
export interface ContractVersionSeed {
  id: string;
  version: string;
  networkType: 'evm' | 'tvm';
  chainId: string | null;
  accountAbi: readonly unknown[];
  eip712Domain: { name: string; version: string };
  depositAccountInitCodeHash: Hex;
  isLatest: boolean;
}

const LATEST_VERSION: WalletVersion = '1.2.0';
const VERSIONS: readonly WalletVersion[] = ['1.0.0', '1.1.0', '1.2.0'];

function versionsFor(networkType: 'evm' | 'tvm', chainId: string | null): ContractVersionSeed[] {
  const suffix = networkType === 'evm' ? 'evm' : `tvm-${chainId ?? ''}`;
  return VERSIONS.map((version) => ({
    id: `${version}-${suffix}`,
    version,
    networkType,
    chainId,
    accountAbi: WALLET_ARTIFACTS[version].abi,
    eip712Domain: { name: WALLET_EIP712_NAME, version },
    depositAccountInitCodeHash: DEPOSIT_ACCOUNT_INIT_CODE_HASH,
    isLatest: version === LATEST_VERSION,
  }));
}

// EVM has one row per version (chainId null): the implementation sits at the same address on
// every EVM chain, as deterministic deployments do.
export const CONTRACT_VERSIONS: readonly ContractVersionSeed[] = [
  ...versionsFor('evm', null),
  ...versionsFor('tvm', '728126428'),
  ...versionsFor('tvm', '2494104990'),
];
