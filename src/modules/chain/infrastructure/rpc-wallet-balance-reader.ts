import { Inject, Injectable } from '@nestjs/common';
import {
  type ContractFunctionParameters,
  createPublicClient,
  decodeFunctionResult,
  encodeFunctionData,
  http,
  type Hex,
  type PublicClient,
} from 'viem';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/domain/domain-error';
import { CatalogService } from '../../catalog/catalog.service';
import {
  chainUnavailable,
  WalletBalanceReader,
  type WalletBalancesAtBlock,
  type WalletBalancesQuery,
} from '../application/wallet-balance-reader';

/** Multicall3's address, the same on every chain that has it (it is deployed with a keyless transaction). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** ERC-20's `balanceOf` and Multicall3's `getEthBalance`: one ABI, so one multicall reads both. */
const BALANCE_ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: 'balance', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'getEthBalance',
    stateMutability: 'view',
    inputs: [{ name: 'addr', type: 'address' }],
    outputs: [{ name: 'balance', type: 'uint256' }],
  },
] as const;
/** Token reads in flight at once on a chain without Multicall3. */
const PARALLEL_CALLS = 8;

/**
 * `WalletBalanceReader` over JSON-RPC with viem, for EVM chains with an RPC URL. Every read names
 * the same block. Token balances are read in one `eth_call` to Multicall3 (`aggregate3`, with the
 * coin's balance through its `getEthBalance`) where the chain has it at that block, otherwise with
 * at most `PARALLEL_CALLS` `eth_call`s in flight (viem sends calls made together as one JSON-RPC
 * batch). Tron's JSON-RPC reads balances at the latest block only, so Tron chains are not read.
 */
@Injectable()
export class RpcWalletBalanceReader extends WalletBalanceReader {
  private readonly clients = new Map<string, PublicClient>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: CatalogService,
  ) {
    super();
  }

  canRead(chainId: string): boolean {
    return this.rpcUrl(chainId) !== undefined && this.catalog.findNetwork(chainId)?.networkType === 'evm';
  }

  async readAtFinalBlock(query: WalletBalancesQuery): Promise<WalletBalancesAtBlock> {
    const network = this.catalog.findNetwork(query.chainId);
    if (network === undefined || !this.canRead(query.chainId))
      throw chainUnavailable(`Chain ${query.chainId} cannot be read: the service has no node for it`);
    const client = this.client(query.chainId);
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      const blockNumber =
        head > BigInt(network.requiredConfirmations) ? head - BigInt(network.requiredConfirmations) : 0n;
      const code = await client.getCode({ address: MULTICALL3_ADDRESS, blockNumber });
      const read = code !== undefined && code !== '0x' ? readWithMulticall : readCallByCall;
      return { blockNumber, ...(await read(client, query, blockNumber)) };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw chainUnavailable(`The node for chain ${query.chainId} did not answer; try again later`);
    }
  }

  private rpcUrl(chainId: string): string | undefined {
    return this.config.indexer.chains.find((chain) => chain.chainId === chainId)?.rpcUrl;
  }

  private client(chainId: string): PublicClient {
    let client = this.clients.get(chainId);
    if (client === undefined) {
      client = createPublicClient({
        transport: http(this.rpcUrl(chainId), {
          batch: { batchSize: 50, wait: 0 },
          retryCount: 2,
          retryDelay: 200,
          timeout: 15_000,
        }),
        cacheTime: 0,
      });
      this.clients.set(chainId, client);
    }
    return client;
  }
}

type Balances = Omit<WalletBalancesAtBlock, 'blockNumber'>;

async function readWithMulticall(
  client: PublicClient,
  query: WalletBalancesQuery,
  blockNumber: bigint,
): Promise<Balances> {
  const contracts: ContractFunctionParameters<typeof BALANCE_ABI, 'view'>[] = [
    { address: MULTICALL3_ADDRESS, abi: BALANCE_ABI, functionName: 'getEthBalance', args: [query.holder] },
    ...query.tokens.map((token): ContractFunctionParameters<typeof BALANCE_ABI, 'view'> => ({
      address: token.address,
      abi: BALANCE_ABI,
      functionName: 'balanceOf',
      args: [query.holder],
    })),
  ];
  const results = await client.multicall({
    multicallAddress: MULTICALL3_ADDRESS,
    blockNumber,
    allowFailure: true,
    contracts,
  });
  const [native, ...tokens] = results;
  if (native.status !== 'success') throw new Error('getEthBalance failed');
  return {
    native: native.result,
    tokens: new Map(
      query.tokens.map((token, i) => [token.currencyId, tokens[i].status === 'success' ? tokens[i].result : 0n]),
    ),
  };
}

async function readCallByCall(
  client: PublicClient,
  query: WalletBalancesQuery,
  blockNumber: bigint,
): Promise<Balances> {
  const data = encodeFunctionData({ abi: BALANCE_ABI, functionName: 'balanceOf', args: [query.holder] });
  const tokens = new Map<string, bigint>();
  const native = client.getBalance({ address: query.holder, blockNumber });
  for (let i = 0; i < query.tokens.length; i += PARALLEL_CALLS) {
    const slice = query.tokens.slice(i, i + PARALLEL_CALLS);
    const answers = await Promise.all(slice.map((token) => balanceOf(client, token.address, data, blockNumber)));
    slice.forEach((token, j) => tokens.set(token.currencyId, answers[j]));
  }
  return { native: await native, tokens };
}

/** A token's `balanceOf` answer; 0 when the address has no code or the call reverts there. */
async function balanceOf(client: PublicClient, token: Hex, data: Hex, blockNumber: bigint): Promise<bigint> {
  try {
    const { data: answer } = await client.call({ to: token, data, blockNumber });
    if (answer === undefined || answer === '0x') return 0n;
    return decodeFunctionResult({ abi: BALANCE_ABI, functionName: 'balanceOf', data: answer });
  } catch (error) {
    if (isRevert(error)) return 0n;
    throw error;
  }
}

function isRevert(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = (e as { cause?: unknown }).cause)
    if (e.name === 'ExecutionRevertedError' || e.name === 'ContractFunctionRevertedError') return true;
  return false;
}
