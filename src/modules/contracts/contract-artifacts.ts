import { keccak256, type Abi, type Hex } from 'viem';
import depositAccount from '../../../contracts/artifacts/DepositAccount.json';
import wallet100 from '../../../contracts/artifacts/MultiSigWallet_1_0_0.json';
import wallet110 from '../../../contracts/artifacts/MultiSigWallet_1_1_0.json';
import wallet120 from '../../../contracts/artifacts/MultiSigWallet_1_2_0.json';
import proxyFactory from '../../../contracts/artifacts/ProxyFactory.json';

/**
 * The compiled contracts under `contracts/` (docs/contract.md, The contracts), as committed in `contracts/artifacts` by
 * `npm run contracts:build`. The catalog serves their ABI and the deposit account's init-code
 * hash; the deploy command deploys their bytecode. A test fails when the committed artifacts
 * differ from a fresh compile of the sources.
 */
export interface ContractArtifact {
  readonly contractName: string;
  readonly abi: Abi;
  /** Creation code, no constructor arguments. */
  readonly bytecode: Hex;
}

function artifact(json: { contractName: string; abi: unknown[]; bytecode: string }): ContractArtifact {
  return { contractName: json.contractName, abi: json.abi as Abi, bytecode: json.bytecode as Hex };
}

export const WALLET_VERSIONS = ['1.0.0', '1.1.0', '1.2.0'] as const;
export type WalletVersion = (typeof WALLET_VERSIONS)[number];

/** One MultiSigWallet implementation per version; the versions share one ABI. */
export const WALLET_ARTIFACTS: Readonly<Record<WalletVersion, ContractArtifact>> = {
  '1.0.0': artifact(wallet100),
  '1.1.0': artifact(wallet110),
  '1.2.0': artifact(wallet120),
};

export const PROXY_FACTORY_ARTIFACT = artifact(proxyFactory);
export const DEPOSIT_ACCOUNT_ARTIFACT = artifact(depositAccount);

/** The EIP-712 domain name every wallet version signs under (its `eip712Domain()` returns it). */
export const WALLET_EIP712_NAME = 'MultiSigWallet';

/**
 * keccak256 of DepositAccount's creation code. The code takes no constructor arguments, so this
 * is one constant: with a wallet address and a deposit id it fixes the deposit address.
 */
export const DEPOSIT_ACCOUNT_INIT_CODE_HASH: Hex = keccak256(DEPOSIT_ACCOUNT_ARTIFACT.bytecode);
