import { createPublicClient, type Hex, http, type PublicClient, type Transport } from 'viem';
import { inSpan } from '../../../shared/tracing/tracing';
import type { ChainBlock, ChainLog, ChainReader, ChainReceipt, LogQuery } from '../domain/chain-reader';

/**
 * A span per JSON-RPC call (`jsonrpc eth_getBlockByNumber`), retries included. viem calls the node
 * with fetch, which the HTTP instrumentation does not see. The RPC URL is not recorded: providers
 * put their API key in it.
 */
function traced(transport: Transport): Transport {
  return (options) => {
    const inner = transport(options);
    const request: typeof inner.request = (args, requestOptions) =>
      inSpan(`jsonrpc ${args.method}`, { 'rpc.system': 'jsonrpc', 'rpc.method': args.method }, () =>
        inner.request(args, requestOptions),
      );
    return { ...inner, request };
  };
}

/**
 * `ChainReader` over JSON-RPC with viem. Calls made together (a step's block fetches) go out as
 * JSON-RPC batches; viem retries a failed request a few times with backoff before the step fails.
 */
export class ViemChainReader implements ChainReader {
  private readonly client: PublicClient;

  constructor(rpcUrl: string) {
    this.client = createPublicClient({
      transport: traced(
        http(rpcUrl, { batch: { batchSize: 50, wait: 0 }, retryCount: 3, retryDelay: 200, timeout: 30_000 }),
      ),
      cacheTime: 0,
    });
  }

  async headNumber(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  async block(number: bigint, withTransactions: boolean): Promise<ChainBlock | undefined> {
    const block = await this.client
      .getBlock({ blockNumber: number, includeTransactions: withTransactions })
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
        throw error;
      });
    if (block === undefined || block.hash === null) return undefined;
    return {
      number,
      hash: block.hash,
      parentHash: block.parentHash,
      transactions: withTransactions
        ? (block.transactions as { hash: Hex; from: Hex; to: Hex | null; value: bigint }[]).map((tx) => ({
            hash: tx.hash,
            from: tx.from,
            to: tx.to,
            value: tx.value,
          }))
        : [],
    };
  }

  async logs(query: LogQuery): Promise<ChainLog[]> {
    const logs = (await this.client.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: `0x${query.fromBlock.toString(16)}`,
          toBlock: `0x${query.toBlock.toString(16)}`,
          ...(query.address === undefined ? {} : { address: [...query.address] }),
          topics: [[...query.events]],
        },
      ],
    })) as RpcLog[];
    return logs
      .filter((log) => !log.removed && log.blockHash !== null)
      .map((log) => ({
        address: log.address,
        topics: log.topics,
        data: log.data,
        blockNumber: BigInt(log.blockNumber),
        blockHash: log.blockHash,
        transactionHash: log.transactionHash,
        logIndex: Number(log.logIndex),
      }));
  }

  async receipt(hash: Hex): Promise<ChainReceipt> {
    const receipt = await this.client.getTransactionReceipt({ hash });
    return {
      success: receipt.status === 'success',
      valueIsNative: true,
      fee: receipt.gasUsed * receipt.effectiveGasPrice,
    };
  }
}

interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  removed?: boolean;
}
