import {
  concat,
  getContractAddress,
  isAddress,
  type Account,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { PROXY_FACTORY_ARTIFACT, WALLET_ARTIFACTS, WALLET_VERSIONS, type WalletVersion } from './contract-artifacts';

/** One chain's entry of `CHAIN_CONTRACTS` (INTERFACES: the factory and one implementation per version). */
export interface ChainContracts {
  readonly factory: Hex;
  readonly implementations: Readonly<Record<WalletVersion, Hex>>;
}

/**
 * The widely deployed deterministic CREATE2 deployer (a keyless contract at the same address on
 * most EVM chains; anvil has it from genesis). Calldata = salt (32 bytes) ‖ creation code; the
 * contract lands at CREATE2(deployer, salt, keccak256(creation code)), the same on every chain.
 */
export const DETERMINISTIC_DEPLOYER: Hex = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const SALT: Hex = `0x${'00'.repeat(32)}`;

export interface DeployOptions {
  /** Where a contract is created: the deterministic deployer (same address on every chain) or a plain CREATE. */
  readonly via?: 'deterministic' | 'create';
  readonly log?: (line: string) => void;
}

/**
 * Deploys the ProxyFactory and the three MultiSigWallet implementations and returns their
 * addresses. Through the deterministic deployer (the default when the chain has it) a contract
 * that is already there is left alone, so running it again, or on another chain, gives the same
 * addresses.
 */
export async function deployChainContracts(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  client: PublicClient,
  options: DeployOptions = {},
): Promise<ChainContracts> {
  const log = options.log ?? (() => undefined);
  const deterministic = (await client.getCode({ address: DETERMINISTIC_DEPLOYER })) !== undefined;
  const via = options.via ?? (deterministic ? 'deterministic' : 'create');
  if (via === 'deterministic' && !deterministic) {
    throw new Error(`the chain has no deterministic deployer at ${DETERMINISTIC_DEPLOYER}`);
  }
  const deploy = async (name: string, bytecode: Hex): Promise<Hex> => {
    const address =
      via === 'deterministic'
        ? await deployDeterministic(wallet, client, bytecode)
        : await deployCreate(wallet, client, bytecode);
    log(`${name}: ${address}`);
    return address;
  };
  const factory = await deploy('ProxyFactory', PROXY_FACTORY_ARTIFACT.bytecode);
  const implementations = {} as Record<WalletVersion, Hex>;
  for (const version of WALLET_VERSIONS) {
    implementations[version] = await deploy(`MultiSigWallet ${version}`, WALLET_ARTIFACTS[version].bytecode);
  }
  return { factory, implementations };
}

/** Where the deterministic deployer puts `bytecode`. */
export function deterministicAddress(bytecode: Hex): Hex {
  return getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: SALT, bytecode });
}

async function deployDeterministic(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  client: PublicClient,
  bytecode: Hex,
): Promise<Hex> {
  const address = deterministicAddress(bytecode);
  if ((await client.getCode({ address })) !== undefined) return address;
  const hash = await wallet.sendTransaction({
    account: wallet.account,
    chain: wallet.chain,
    to: DETERMINISTIC_DEPLOYER,
    data: concat([SALT, bytecode]),
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || (await client.getCode({ address })) === undefined) {
    throw new Error(`deploying through ${DETERMINISTIC_DEPLOYER} failed (tx ${hash})`);
  }
  return address;
}

async function deployCreate(
  wallet: WalletClient<Transport, Chain | undefined, Account>,
  client: PublicClient,
  bytecode: Hex,
): Promise<Hex> {
  const hash = await wallet.sendTransaction({ account: wallet.account, chain: wallet.chain, data: bytecode });
  const receipt = await client.waitForTransactionReceipt({ hash });
  const address = receipt.contractAddress;
  if (receipt.status !== 'success' || address == null || !isAddress(address)) {
    throw new Error(`contract creation failed (tx ${hash})`);
  }
  return address;
}
