import { concat, encodeFunctionData, encodePacked, getAddress, keccak256, type Hex } from 'viem';

/** The wallet implementation's one-time initializer, identical for 1.0.0, 1.1.0 and 1.2.0 (docs/contract.md, The contracts). */
export const WALLET_INITIALIZE_ABI = [
  {
    type: 'function',
    name: 'initialize',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'owners', type: 'address[]' },
      { name: 'threshold', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

/** What `ProxyFactory.createInstance(implementation, initializer, saltNonce)` takes, plus the factory. */
export interface WalletDeployParams {
  readonly implementationAddress: Hex;
  readonly initializerBytecode: Hex;
  /** The salt nonce, a uint256 as a decimal string. */
  readonly nonce: string;
  readonly deployerAddress: Hex;
}

export interface WalletDeployInput {
  /** The account's UUID: its 128 bits are the salt nonce, so equal owners never collide. */
  readonly accountId: string;
  /** 20-byte hex of each initial owner (Tron owners in their 20-byte form). */
  readonly approvers: readonly string[];
  readonly threshold: number;
  readonly factory: string;
  readonly implementation: string;
}

/** An account's UUID read as a 128-bit unsigned integer. */
export function walletSaltNonce(accountId: string): bigint {
  const hex = accountId.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a UUID: ${accountId}`);
  return BigInt(`0x${hex}`);
}

/** Exactly the inputs the factory takes to create the account's wallet. */
export function walletDeployParams(input: WalletDeployInput): WalletDeployParams {
  return {
    implementationAddress: getAddress(input.implementation),
    initializerBytecode: encodeFunctionData({
      abi: WALLET_INITIALIZE_ABI,
      functionName: 'initialize',
      args: [input.approvers.map((approver) => getAddress(approver)), BigInt(input.threshold)],
    }),
    nonce: walletSaltNonce(input.accountId).toString(),
    deployerAddress: getAddress(input.factory),
  };
}

/**
 * The wallet's address before it exists: OpenZeppelin `Clones.predictDeterministicAddress`, i.e.
 * CREATE2 by the factory with salt = keccak256(keccak256(initializer) ‖ saltNonce) over the
 * EIP-1167 minimal-proxy creation code for the implementation. `prefix` is 0xff on EVM chains and
 * 0x41 on Tron.
 */
export function predictWalletAddress(params: WalletDeployParams, prefix: '0xff' | '0x41' = '0xff'): Hex {
  const salt = keccak256(
    encodePacked(['bytes32', 'uint256'], [keccak256(params.initializerBytecode), BigInt(params.nonce)]),
  );
  const creationCode = concat([
    '0x3d602d80600a3d3981f3363d3d373d3d3d363d73',
    params.implementationAddress,
    '0x5af43d82803e903d91602b57fd5bf3',
  ]);
  const hash = keccak256(concat([prefix, params.deployerAddress, salt, keccak256(creationCode)]));
  return getAddress(`0x${hash.slice(-40)}`);
}
