import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodePacked,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseEther,
  type Abi,
  type Account,
  type Chain,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { deployChainContracts, type ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';

/**
 * A local EVM for tests: anvil from npm. The binary ships inside Foundry's per-platform package
 * `@foundry-rs/anvil-<os>-<arch>`; the project depends on `@foundry-rs/anvil-linux-amd64` directly
 * (the machines it runs on are linux x64, and the registry it installs from carries only that
 * platform, so the `@foundry-rs/anvil` wrapper, which lists every platform, cannot be locked).
 * On another platform, install the matching package (or the wrapper) and it is found here.
 * Each `startAnvil()` runs its own node on a free loopback port; `stop()` ends it. Where no binary
 * can run, `describeWithAnvil` skips the suite and says why.
 */

const PLATFORM: Record<string, string> = { linux: 'linux', darwin: 'darwin', win32: 'win32' };
const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** Path of the anvil binary inside node_modules, or undefined. */
export function anvilBinary(): string | undefined {
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const candidates: string[] = [];
  const platformPackage = `@foundry-rs/anvil-${PLATFORM[process.platform] ?? process.platform}-${ARCH[process.arch] ?? process.arch}`;
  for (const name of [platformPackage, '@foundry-rs/anvil']) {
    try {
      const root = dirname(require.resolve(`${name}/package.json`));
      candidates.push(join(root, 'bin', exe), join(root, exe));
    } catch {
      // not installed for this platform
    }
  }
  return candidates.find((path) => existsSync(path));
}

let availability: string | null | undefined;

/** Why anvil cannot run here, or null when it can. */
export function anvilUnavailableReason(): string | null {
  if (availability !== undefined) return availability;
  const binary = anvilBinary();
  if (binary === undefined) {
    availability = `no anvil binary for ${process.platform}-${process.arch} in node_modules/@foundry-rs`;
  } else {
    const probe = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 });
    availability =
      probe.status === 0
        ? null
        : `${binary} --version failed: ${probe.error?.message ?? probe.stderr.trim() ?? `exit ${probe.status}`}`;
  }
  return availability;
}

/** `describe` when anvil runs here, else a skipped suite whose name says why. */
export function describeWithAnvil(name: string, body: () => void): void {
  const reason = anvilUnavailableReason();
  if (reason === null) {
    describe(name, body);
    return;
  }
  console.warn(`[anvil] skipping "${name}": ${reason}`);
  describe.skip(`${name} (skipped: anvil cannot run here: ${reason})`, body);
}

export type TestWalletClient = WalletClient<Transport, Chain, PrivateKeyAccount>;

export interface Anvil {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly chain: Chain;
  /** A client that never serves cached values (`cacheTime: 0`). */
  readonly publicClient: PublicClient;
  /** A fresh key holding `ether` of the native coin. */
  fundedAccount(ether?: string): Promise<PrivateKeyAccount>;
  walletClient(account: PrivateKeyAccount): TestWalletClient;
  /** Sets an address's native balance (anvil_setBalance). */
  setBalance(address: Hex, wei: bigint): Promise<void>;
  /** A raw JSON-RPC call (`anvil_*`, `evm_*`). */
  rpc(method: string, params: unknown[]): Promise<unknown>;
  /** Mines `blocks` empty blocks at once. */
  mine(blocks?: number): Promise<void>;
  /** Calls a contract function from `from` and waits for its receipt; throws if it reverted. */
  send(
    from: PrivateKeyAccount,
    to: Hex,
    abi: unknown,
    functionName: string,
    args: readonly unknown[],
  ): Promise<TransactionReceipt>;
  stop(): Promise<void>;
}

export interface AnvilOptions {
  readonly chainId?: number;
}

async function rpcReady(url: string, child: ChildProcess, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Starts anvil on a free loopback port (a few tries, in case another process takes the port first). */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const binary = anvilBinary();
  const reason = anvilUnavailableReason();
  if (binary === undefined || reason !== null) throw new Error(`anvil cannot run here: ${reason}`);
  const chainId = options.chainId ?? 31337;
  let lastOutput = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    // Port 0: the system picks a free port as anvil binds, and anvil prints it.
    const child = spawn(binary, ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (output.length < 20_000) output += chunk.toString();
    });
    const deadline = Date.now() + 30_000;
    let port: string | undefined;
    while (port === undefined && child.exitCode === null && Date.now() < deadline) {
      port = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rpcUrl = `http://127.0.0.1:${port}`;
    if (port !== undefined && (await rpcReady(rpcUrl, child, deadline))) return anvilAt(rpcUrl, chainId, child);
    lastOutput = output;
    await stopChild(child);
  }
  throw new Error(`anvil did not start: ${lastOutput.slice(-2000)}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function anvilAt(rpcUrl: string, chainId: number, child: ChildProcess): Anvil {
  const chain = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 }) as PublicClient;
  const rpc = async (method: string, params: unknown[]): Promise<unknown> =>
    publicClient.request({ method, params } as never);
  const setBalance = async (address: Hex, wei: bigint): Promise<void> => {
    await rpc('anvil_setBalance', [address, `0x${wei.toString(16)}`]);
  };
  const walletClient = (account: PrivateKeyAccount): TestWalletClient =>
    createWalletClient({ account, chain, transport, cacheTime: 0, pollingInterval: 50 });
  return {
    rpcUrl,
    chainId,
    chain,
    publicClient,
    walletClient,
    fundedAccount: async (ether = '1000') => {
      const account = privateKeyToAccount(generatePrivateKey());
      await setBalance(account.address, parseEther(ether));
      return account;
    },
    setBalance,
    rpc,
    mine: async (blocks = 1) => {
      await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
    },
    send: async (from, to, abi, functionName, args) => {
      const hash = await walletClient(from).writeContract({ address: to, abi, functionName, args } as never);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${functionName} on ${to} reverted: ${hash}`);
      return receipt;
    },
    stop: () => stopChild(child),
  };
}

/** The EIP-1167 minimal proxy's creation code for `implementation`: what the wallet factory deploys. */
export function minimalProxyCode(implementation: Hex): Hex {
  return `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;
}

/**
 * Where the factory's `createInstance(implementation, initializer, saltNonce)` puts a wallet: CREATE2
 * with salt keccak256(keccak256(initializer) ‖ saltNonce) over the minimal proxy's code.
 */
export function predictedWalletAddress(factory: Hex, implementation: Hex, initializer: Hex, saltNonce: bigint): Hex {
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer), saltNonce]));
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: minimalProxyCode(implementation) });
}

/** Deploys a committed artifact (`contracts/artifacts/<name>.json`) and returns its address. */
export async function deployArtifact(
  anvil: Anvil,
  deployer: PrivateKeyAccount,
  artifact: { abi: Abi; bytecode: Hex },
  args: readonly unknown[] = [],
): Promise<Hex> {
  const wallet = anvil.walletClient(deployer);
  const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as never });
  const receipt = await anvil.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || receipt.contractAddress == null) throw new Error(`deploy failed: ${hash}`);
  return getAddress(receipt.contractAddress);
}

/** Loads a committed artifact by contract name (test tokens included). */
export function loadArtifact(name: string): { abi: Abi; bytecode: Hex; deployedBytecode: Hex } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const json = require(join(__dirname, '..', '..', 'contracts', 'artifacts', `${name}.json`)) as {
    abi: Abi;
    bytecode: Hex;
    deployedBytecode: Hex;
  };
  return { abi: json.abi, bytecode: json.bytecode, deployedBytecode: json.deployedBytecode };
}

/** Deploys the factory and the three wallet implementations; the shape of one `CHAIN_CONTRACTS` entry. */
export async function deployWalletContracts(anvil: Anvil, deployer: PrivateKeyAccount): Promise<ChainContracts> {
  return deployChainContracts(
    anvil.walletClient(deployer) as WalletClient<Transport, Chain, Account>,
    anvil.publicClient,
  );
}

/**
 * Runs `check` until it stops throwing (an `expect` that holds), or rethrows its last error after
 * `timeoutMs`: for state the indexer reaches some blocks after the chain does.
 */
export async function eventuallyPasses<T>(check: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
