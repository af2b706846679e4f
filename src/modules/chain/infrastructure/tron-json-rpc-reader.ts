import { createPublicClient, type Hex, http, type PublicClient } from 'viem';
import type {
  ChainBlock,
  ChainLog,
  ChainReader,
  ChainReceipt,
  ChainTransaction,
  LogQuery,
} from '../domain/chain-reader';

export interface TronNode {
  /** The node's Ethereum-compatible JSON-RPC endpoint (`…/jsonrpc`). */
  readonly rpcUrl: string;
  /** The base of the same node's HTTP API (`…/wallet/…` hangs below it). */
  readonly httpApiUrl: string;
  /** Sent as `TRON-PRO-API-KEY` (TronGrid's key header) on every request; never logged. */
  readonly apiKey: string | null;
}

/**
 * Blocks per `eth_getLogs` call. java-tron refuses a query whose `toBlock - fromBlock` exceeds
 * `node.jsonrpc.maxBlockRange` (default 5000) with "exceed max block range"; 5000 blocks keep
 * that difference at 4999 on a node with the default.
 */
export const TRON_LOG_RANGE = 5000n;

/**
 * The contract types whose JSON-RPC `value` is TRX that reached `to`: a TRX transfer's amount and
 * a contract call's call value. java-tron fills `value` for other types too (a TRC-10 transfer's
 * token amount, a vote count, a frozen balance), none of which credits `to` with TRX.
 */
const TRX_CREDITING_CONTRACTS: ReadonlySet<string> = new Set(['TransferContract', 'TriggerSmartContract']);

/**
 * `ChainReader` over java-tron's Ethereum-compatible JSON-RPC. It reads the same methods as the
 * EVM reader but parses the bodies itself, taking only the fields the indexer needs and checking
 * their shape: java-tron fills many Ethereum fields with constants or `"0x"` and answers a rate
 * limit with a body that is not JSON-RPC at all. The one thing JSON-RPC cannot tell, whether a
 * transaction's `value` is TRX, comes from the node's HTTP API, for the few transactions that send
 * value to a watched address. docs/chain-events.md lists every difference and its source.
 */
export class TronJsonRpcReader implements ChainReader {
  private readonly client: PublicClient;
  private readonly headers: Record<string, string>;

  constructor(private readonly node: TronNode) {
    this.headers = node.apiKey === null ? {} : { 'TRON-PRO-API-KEY': node.apiKey };
    this.client = createPublicClient({
      // java-tron answers JSON-RPC batches (its documentation caps them at 100 calls by default).
      transport: http(node.rpcUrl, {
        batch: { batchSize: 50, wait: 0 },
        retryCount: 3,
        retryDelay: 200,
        timeout: 30_000,
        fetchOptions: { headers: this.headers },
      }),
      cacheTime: 0,
    });
  }

  async headNumber(): Promise<bigint> {
    return quantity(await this.call('eth_blockNumber', []), 'eth_blockNumber result');
  }

  async block(number: bigint, withTransactions: boolean): Promise<ChainBlock | undefined> {
    const result = await this.call('eth_getBlockByNumber', [toQuantity(number), withTransactions]);
    // java-tron answers null for a height it does not have.
    if (result === null) return undefined;
    const block = record(result, 'block');
    const transactions = list(block.transactions, 'block.transactions');
    return {
      number: quantity(block.number, 'block.number'),
      hash: hash32(block.hash, 'block.hash'),
      parentHash: hash32(block.parentHash, 'block.parentHash'),
      transactions: withTransactions ? transactions.map(toTransaction) : [],
    };
  }

  async logs(query: LogQuery): Promise<ChainLog[]> {
    const results: ChainLog[] = [];
    for (let from = query.fromBlock; from <= query.toBlock; from += TRON_LOG_RANGE) {
      const to = min(query.toBlock, from + TRON_LOG_RANGE - 1n);
      // java-tron answers a range past its own head with the logs up to its head, without an error.
      // Behind a load balancer the node answering may lag the one whose head the follower read, so
      // the head is asked in the same batch (one HTTP request, so one node) and a short answer
      // fails the step instead of skipping deposits.
      const [head, result] = await Promise.all([
        this.call('eth_blockNumber', []),
        this.call('eth_getLogs', [
          {
            fromBlock: toQuantity(from),
            toBlock: toQuantity(to),
            ...(query.address === undefined ? {} : { address: [...query.address] }),
            topics: [[...query.events]],
          },
        ]),
      ]);
      const answeredTo = quantity(head, 'eth_blockNumber result');
      if (answeredTo < to)
        throw new TronNodeError(`the node answering eth_getLogs is at block ${answeredTo}, before ${to}; retrying`);
      const logs = list(result, 'eth_getLogs result');
      for (const raw of logs) {
        const log = record(raw, 'log');
        if (log.removed === true) continue;
        results.push({
          address: address(log.address, 'log.address'),
          topics: list(log.topics, 'log.topics').map((topic) => hash32(topic, 'log.topics[]')),
          data: hexData(log.data, 'log.data'),
          blockNumber: quantity(log.blockNumber, 'log.blockNumber'),
          blockHash: hash32(log.blockHash, 'log.blockHash'),
          transactionHash: hash32(log.transactionHash, 'log.transactionHash'),
          logIndex: Number(quantity(log.logIndex, 'log.logIndex')),
        });
      }
    }
    return results;
  }

  /**
   * The receipt says whether the transaction succeeded; the HTTP API says what kind of transaction
   * it is. No fee: the receipt's gasUsed × effectiveGasPrice counts energy only, priced as if it
   * were burnt, and leaves out bandwidth, so it is not what the sender paid.
   */
  async receipt(hash: Hex): Promise<ChainReceipt> {
    const [result, contractType] = await Promise.all([
      this.call('eth_getTransactionReceipt', [hash]),
      this.contractType(hash),
    ]);
    // A transaction of a block we read has a receipt; null is a node that is behind: retry.
    if (result === null) throw new TronNodeError(`no receipt yet for ${hash}`);
    const receipt = record(result, 'receipt');
    return {
      success: receipt.status === '0x1',
      valueIsNative: TRX_CREDITING_CONTRACTS.has(contractType),
      fee: undefined,
    };
  }

  /** `raw_data.contract[0].type` from the node's `/wallet/gettransactionbyid`. */
  private async contractType(hash: Hex): Promise<string> {
    const url = `${this.node.httpApiUrl.replace(/\/+$/, '')}/wallet/gettransactionbyid`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.headers },
        body: JSON.stringify({ value: hash.replace(/^0x/, '') }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new TronNodeError(`HTTP API unreachable: ${error instanceof Error ? error.name : 'error'}`);
    }
    if (!response.ok) throw new TronNodeError(`HTTP API answered ${response.status} for gettransactionbyid`);
    const body = record(await response.json().catch(() => undefined), 'gettransactionbyid body');
    if (typeof body.Error === 'string') throw new TronNodeError(`HTTP API error: ${body.Error.slice(0, 200)}`);
    const contracts = record(body.raw_data, 'gettransactionbyid raw_data (unknown transaction?)').contract;
    const type = (list(contracts, 'raw_data.contract')[0] as { type?: unknown } | undefined)?.type;
    if (typeof type !== 'string') throw new TronNodeError(`gettransactionbyid gave no contract type for ${hash}`);
    return type;
  }

  /**
   * One JSON-RPC call. java-tron's rate limiter answers HTTP 200 with `{"Error": "lack of computing
   * resources"}` instead of a JSON-RPC envelope, which arrives here as a missing result: it fails
   * the step, which is retried with backoff.
   */
  private async call(method: string, params: unknown[]): Promise<unknown> {
    const result: unknown = await this.client.request({ method, params } as never);
    if (result === undefined) throw new TronNodeError(`${method} answered without a JSON-RPC result (rate limited?)`);
    return result;
  }
}

/**
 * Where the node's HTTP API lives when nothing says otherwise: beside `/jsonrpc` on the same host,
 * as TronGrid serves both (`https://api.trongrid.io/jsonrpc`, `https://api.trongrid.io/wallet/…`).
 * A node of one's own serves them on different ports (8545 and 8090 by default): configure it then.
 */
export function tronHttpApiUrl(rpcUrl: string): string {
  const url = new URL(rpcUrl);
  url.pathname = url.pathname.replace(/\/jsonrpc\/?$/, '');
  url.search = '';
  return url.toString().replace(/\/+$/, '');
}

export class TronNodeError extends Error {
  override readonly name = 'TronNodeError';
}

/** A transaction of a full block. java-tron gives `to: null` for a contract creation and for types without a recipient. */
function toTransaction(raw: unknown): ChainTransaction {
  const tx = record(raw, 'transaction');
  return {
    hash: hash32(tx.hash, 'transaction.hash'),
    from: address(tx.from, 'transaction.from'),
    to: tx.to === null || tx.to === undefined ? null : address(tx.to, 'transaction.to'),
    value: quantity(tx.value, 'transaction.value'),
  };
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unexpected(what);
  return value as Record<string, unknown>;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw unexpected(what);
  return value;
}

/** A hex quantity; java-tron writes an absent one as `"0x"`, read as zero. */
function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) throw unexpected(what);
  return value === '0x' ? 0n : BigInt(value);
}

function hash32(value: unknown, what: string): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw unexpected(what);
  return value.toLowerCase() as Hex;
}

/** java-tron's JSON-RPC writes addresses as 20-byte hex, the `41` prefix dropped. */
function address(value: unknown, what: string): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw unexpected(what);
  return value.toLowerCase() as Hex;
}

function hexData(value: unknown, what: string): Hex {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw unexpected(what);
  return value as Hex;
}

function unexpected(what: string): TronNodeError {
  return new TronNodeError(`unexpected java-tron response: ${what}`);
}

function toQuantity(value: bigint): Hex {
  return `0x${value.toString(16)}`;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
