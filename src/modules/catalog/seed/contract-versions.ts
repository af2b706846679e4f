import type { Abi } from 'viem';

/**
 * Multisig account contract versions (SPEC §4, endpoint 22).
 *
 * All versions share one ABI; they differ in how `execute`'s `signatures` bytes are
 * laid out, which is why the version matters to anyone building or checking them:
 * - 1.0.0: raw 65-byte ECDSA signatures concatenated, ascending by signer.
 * - 1.1.0 and later: packed signer entries `signer (20 bytes) ‖ uint16 big-endian
 *   length ‖ signature`, ascending by signer (Tron signers in their 20-byte form).
 *
 * Deposit accounts: each invoice's deposit address is an EIP-1167 minimal proxy of
 * `depositAccountImplementation`, deployed by the wallet with CREATE2 and
 * salt = invoiceNonce as a 32-byte big-endian uint256, so
 *   EVM: address = keccak256(0xff ‖ wallet ‖ salt ‖ depositAccountInitCodeHash)[12:]
 *   TVM: the same with 0x41 instead of 0xff, the result prefixed 0x41 for base58check.
 * Only the init-code hash is needed to derive an address, which is why the catalog
 * publishes it.
 */
export interface ContractVersionSeed {
  id: string;
  version: string;
  networkType: 'evm' | 'tvm';
  chainId: string | null;
  accountAbi: readonly unknown[];
  eip712Domain: { name: string; version: string };
  depositAccountImplementation: string;
  depositAccountInitCodeHash: `0x${string}`;
  isLatest: boolean;
}

export const MULTISIG_ACCOUNT_ABI = [
  {
    type: 'function',
    name: 'execute',
    // Payable so a submitter can fund native-coin calls in the same transaction.
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        internalType: 'struct Call[]',
        components: [
          { name: 'to', type: 'address', internalType: 'address' },
          { name: 'value', type: 'uint256', internalType: 'uint256' },
          { name: 'data', type: 'bytes', internalType: 'bytes' },
        ],
      },
      { name: 'signatures', type: 'bytes', internalType: 'bytes' },
      { name: 'id', type: 'bytes32', internalType: 'bytes32' },
    ],
    outputs: [],
  },
  {
    // EIP-5267: clients read the signing domain from here rather than hard-coding it.
    type: 'function',
    name: 'eip712Domain',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'fields', type: 'bytes1', internalType: 'bytes1' },
      { name: 'name', type: 'string', internalType: 'string' },
      { name: 'version', type: 'string', internalType: 'string' },
      { name: 'chainId', type: 'uint256', internalType: 'uint256' },
      { name: 'verifyingContract', type: 'address', internalType: 'address' },
      { name: 'salt', type: 'bytes32', internalType: 'bytes32' },
      { name: 'extensions', type: 'uint256[]', internalType: 'uint256[]' },
    ],
  },
  {
    type: 'function',
    name: 'nonce',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
  },
  {
    // depositAccountIds are the invoices' invoiceNonce values (the CREATE2 salts).
    type: 'function',
    name: 'claim',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'token', type: 'address', internalType: 'address' },
      { name: 'depositAccountIds', type: 'uint256[]', internalType: 'uint256[]' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'getApprovers',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address[]', internalType: 'address[]' }],
  },
  {
    type: 'function',
    name: 'threshold',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
  },
  {
    // Reverts unless msg.sender is the wallet itself, so a config change can only
    // happen through an approved `execute` call.
    type: 'function',
    name: 'setConfig',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'approvers', type: 'address[]', internalType: 'address[]' },
      { name: 'threshold', type: 'uint256', internalType: 'uint256' },
    ],
    outputs: [],
  },
  {
    // Direct native-coin deposits to the wallet address must not revert.
    type: 'receive',
    stateMutability: 'payable',
  },
  {
    type: 'event',
    name: 'Executed',
    anonymous: false,
    inputs: [
      { name: 'id', type: 'bytes32', indexed: true, internalType: 'bytes32' },
      { name: 'nonce', type: 'uint256', indexed: false, internalType: 'uint256' },
    ],
  },
  {
    type: 'event',
    name: 'ConfigChanged',
    anonymous: false,
    inputs: [
      { name: 'approvers', type: 'address[]', indexed: false, internalType: 'address[]' },
      { name: 'threshold', type: 'uint256', indexed: false, internalType: 'uint256' },
    ],
  },
  {
    type: 'event',
    name: 'Claimed',
    anonymous: false,
    inputs: [
      { name: 'token', type: 'address', indexed: true, internalType: 'address' },
      { name: 'depositAccountIds', type: 'uint256[]', indexed: false, internalType: 'uint256[]' },
    ],
  },
] as const satisfies Abi;

const EIP1167_PREFIX = '0x3d602d80600a3d3981f3363d3d373d3d3d363d73';
const EIP1167_SUFFIX = '5af43d82803e903d91602b57fd5bf3';

/** EIP-1167 minimal-proxy creation code delegating to `implementation20ByteHex`. */
export function depositAccountInitCode(implementation20ByteHex: `0x${string}`): `0x${string}` {
  if (!/^0x[0-9a-fA-F]{40}$/.test(implementation20ByteHex)) {
    // A Tron 41-prefixed or base58 form here would silently yield wrong addresses.
    throw new Error(`depositAccountInitCode: expected 0x + 40 hex chars, got "${implementation20ByteHex}"`);
  }
  return `${EIP1167_PREFIX}${implementation20ByteHex.slice(2).toLowerCase()}${EIP1167_SUFFIX}`;
}

/**
 * The service ships no deployed contracts, so implementations are deterministic
 * placeholders: getContractAddress({ from: this deployer, nonce: n }) for n = 0..8 in
 * the order of CONTRACT_VERSIONS below. The deployer is the last 20 bytes of
 * keccak256("deployments-api/catalog-seed/implementation-deployer"). An operator
 * with real deployments replaces the implementation and its init-code hash together.
 */
export const PLACEHOLDER_IMPLEMENTATION_DEPLOYER = '0xbF80c010C647174Db096bbC97e45cBF4654bEcf0';

const EIP712_DOMAIN_NAME = 'MultisigAccount';
const LATEST_VERSION = '1.2.0';

interface VersionRow {
  version: string;
  implementation: string;
  initCodeHash: `0x${string}`;
}

function versionsFor(
  networkType: 'evm' | 'tvm',
  chainId: string | null,
  rows: readonly VersionRow[],
): ContractVersionSeed[] {
  const suffix = networkType === 'evm' ? 'evm' : `tvm-${chainId ?? ''}`;
  return rows.map((row) => ({
    id: `${row.version}-${suffix}`,
    version: row.version,
    networkType,
    chainId,
    accountAbi: MULTISIG_ACCOUNT_ABI,
    eip712Domain: { name: EIP712_DOMAIN_NAME, version: row.version },
    depositAccountImplementation: row.implementation,
    depositAccountInitCodeHash: row.initCodeHash,
    isLatest: row.version === LATEST_VERSION,
  }));
}

// Hashes are literal keccak256(depositAccountInitCode(implementation)) so the value a
// client sees never depends on runtime code; the spec test recomputes them.
// EVM has one row per version (chainId null): the implementation sits at the same
// address on every EVM chain, as deterministic deployments do.
export const CONTRACT_VERSIONS: readonly ContractVersionSeed[] = [
  ...versionsFor('evm', null, [
    {
      version: '1.0.0',
      implementation: '0xc4321Ba93621b4Bc94bbb34F2dfe44345eC13712',
      initCodeHash: '0xb9086add6328d909df21dea1d9415d0d894abfcd937b2fe3518d02f4f9800314',
    },
    {
      version: '1.1.0',
      implementation: '0x45b79a849d918823ff1e1c19c4aE77bB02c922fb',
      initCodeHash: '0x1710e421fac672eab287a2d9c94737c66e8eb4f50af7b0735ec395f835f3872e',
    },
    {
      version: '1.2.0',
      implementation: '0x8CBE03bD2148f6D21C381e5339FeAAcF5e302B60',
      initCodeHash: '0xcdf1759c96212eef6e76f171a5e3370b9d8a9d066aab9cdfdfb05ec4e7b36943',
    },
  ]),
  // Tron implementations are in the 20-byte hex form (no 41 prefix) because that is
  // what the proxy bytecode embeds and the CREATE2 hash consumes.
  ...versionsFor('tvm', '728126428', [
    {
      version: '1.0.0',
      implementation: '0x3a7c657fc6a84ba7066c6202c4d564205c839140',
      initCodeHash: '0xf5e74dc7d4aa41f2e104146663edcf8dcd1bb46a384aac5b9eda51fc9602d400',
    },
    {
      version: '1.1.0',
      implementation: '0x84d6615a47f08ef54391fef4301a78c1f6d92c1a',
      initCodeHash: '0x5086c8cb36d389d3947604a4b2721d1feb88370f22baccba23401479dc7710df',
    },
    {
      version: '1.2.0',
      implementation: '0xb9bd69273939b180a682e246184e34bf879333a9',
      initCodeHash: '0x240232ecea48c13f65d444d64105aa0c95620bd4682f4eef1907195166a009b0',
    },
  ]),
  ...versionsFor('tvm', '2494104990', [
    {
      version: '1.0.0',
      implementation: '0xb352ce6c8dd6b5fb0225492f9083e41d1d428243',
      initCodeHash: '0xf25c75898cc87e96dad0106aba2294c8a04057710c5f097ac3814285dd7ec293',
    },
    {
      version: '1.1.0',
      implementation: '0x913d7a6a7901a38f0c5d89c40698cf2e09e5506a',
      initCodeHash: '0x5e961d98c3c43b32c7d6dc435f36cf58f32cca6b8d1d411fb5e7a3609aef6815',
    },
    {
      version: '1.2.0',
      implementation: '0xe24d09e2334242aaf9cbaad350c76ef72f8f2e71',
      initCodeHash: '0x2219712b0c5466b87b79467ee1a5c573b9957a02738d9be069227d7e7a7e4c8e',
    },
  ]),
];
