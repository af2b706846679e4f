import { createPublicClient, createWalletClient, defineChain, http, isHex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployChainContracts } from '../modules/contracts/deploy-chain-contracts';
import { CliArgs, CliUsageError } from './cli-args';

/**
 * `contracts:deploy --rpc-url URL [--via deterministic|create]` with the deployer's key in
 * `DEPLOYER_PRIVATE_KEY`: deploys the ProxyFactory and the MultiSigWallet 1.0.0/1.1.0/1.2.0
 * implementations to the chain behind URL and prints its `CHAIN_CONTRACTS` entry,
 * `{"<chainId>":{"factory":"0x…","implementations":{"1.0.0":"0x…",…}}}`, to merge into the
 * service's `CHAIN_CONTRACTS`. Through the deterministic deployer (the default where the chain has
 * it) every chain gets the same addresses and a second run deploys nothing.
 */
export const contractsCommands = {
  'contracts:deploy': async (args: CliArgs) => {
    args.allowOnly('rpc-url', 'via');
    const rpcUrl = args.required('rpc-url');
    if (!/^https?:\/\//.test(rpcUrl)) throw new CliUsageError('--rpc-url must be an http(s) URL');
    const via = args.optional('via');
    if (via !== undefined && via !== 'deterministic' && via !== 'create') {
      throw new CliUsageError('--via must be deterministic or create');
    }
    const key = process.env.DEPLOYER_PRIVATE_KEY?.trim();
    if (key === undefined || key === '') throw new CliUsageError('DEPLOYER_PRIVATE_KEY is not set');
    const normalised = key.startsWith('0x') ? key : `0x${key}`;
    // The key itself never reaches a message.
    if (!isHex(normalised) || normalised.length !== 66) {
      throw new CliUsageError('DEPLOYER_PRIVATE_KEY must be a 32-byte hex private key');
    }
    const transport = http(rpcUrl, { retryCount: 1 });
    const probe = createPublicClient({ transport });
    let chainId: number;
    try {
      chainId = await probe.getChainId();
    } catch {
      throw new Error(`cannot reach an EVM node at ${rpcUrl}`);
    }
    const chain = defineChain({
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const client = createPublicClient({ chain, transport, cacheTime: 0 }) as PublicClient;
    const wallet = createWalletClient({ account: privateKeyToAccount(normalised), chain, transport, cacheTime: 0 });
    const contracts = await deployChainContracts(wallet, client, { via });
    return { [String(chainId)]: contracts };
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;
