import { Inject, Injectable } from '@nestjs/common';
import { decodeErrorResult, toEventSelector, type Hex } from 'viem';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import type { Address, NetworkType } from '../../../shared/domain/address';
import type { Call } from '../../queue/domain/call';
import {
  OperationSimulator,
  SIMULATION_BUDGET_MS,
  type SimulatedTransfer,
  type SimulationOutcome,
} from '../domain/operation-simulator';

const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
/** Where `eth_simulateV1` with `traceTransfers` reports native-coin movements (ERC-7528). */
const NATIVE_PSEUDO_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const TRANSFER_SELECTOR = '0xa9059cbb';

interface RpcError {
  readonly code?: number;
  readonly message?: string;
  readonly data?: unknown;
}
interface RpcReply {
  readonly id?: number;
  readonly result?: unknown;
  readonly error?: RpcError;
}
interface SimulatedCall {
  readonly status?: string;
  readonly logs?: { address?: string; topics?: string[]; data?: string }[];
  readonly error?: RpcError;
  readonly returnData?: string;
}

class SimulationUnavailable extends Error {}

/**
 * Simulates through the chain's own node (`RPC_URL_<chainId>`, the indexer's setting): one
 * `eth_simulateV1` with transfer tracing, so an operation of any size costs one round trip; where
 * the node lacks that method, one JSON-RPC batch of `eth_blockNumber` and an `eth_call` per call
 * (each call then runs on the latest state alone, not after the calls before it). The whole
 * simulation has `SIMULATION_BUDGET_MS`; the RPC URL (it often carries an API key) appears in no
 * reason.
 */
@Injectable()
export class RpcOperationSimulator extends OperationSimulator {
  private readonly rpcUrls: ReadonlyMap<string, string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super();
    this.rpcUrls = new Map(config.indexer.chains.map((chain) => [chain.chainId, chain.rpcUrl]));
  }

  async simulate(
    chain: { readonly chainId: string; readonly networkType: NetworkType },
    wallet: Address,
    calls: readonly Call[],
  ): Promise<SimulationOutcome> {
    if (chain.networkType === 'tvm') {
      return { status: 'UNAVAILABLE', reason: "Tron's JSON-RPC cannot simulate a sequence of calls" };
    }
    const rpcUrl = this.rpcUrls.get(chain.chainId);
    if (rpcUrl === undefined) {
      return { status: 'UNAVAILABLE', reason: `no RPC node is configured for chain ${chain.chainId}` };
    }
    const deadline = AbortSignal.timeout(SIMULATION_BUDGET_MS);
    try {
      const from = wallet.hex20;
      const reply = (await post(rpcUrl, deadline, {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_simulateV1',
        params: [
          {
            blockStateCalls: [{ calls: calls.map((call) => txOf(from, call)) }],
            traceTransfers: true,
            validation: false,
          },
          'latest',
        ],
      })) as RpcReply;
      if (reply.error !== undefined && lacksMethod(reply.error))
        return await this.callEach(rpcUrl, deadline, from, calls);
      if (reply.error !== undefined) {
        // The node refused the whole block, e.g. for lack of funds for a call's value.
        return {
          status: 'REVERTED',
          blockNumber: null,
          revertReason: errorText(reply.error),
          callIndex: null,
          transfers: [],
        };
      }
      return fromSimulatedBlock(reply.result);
    } catch (error) {
      if (deadline.aborted) {
        return { status: 'UNAVAILABLE', reason: `the node did not answer within ${SIMULATION_BUDGET_MS} ms` };
      }
      return {
        status: 'UNAVAILABLE',
        reason:
          error instanceof SimulationUnavailable
            ? error.message
            : 'the node could not be reached or answered malformed JSON-RPC',
      };
    }
  }

  /** The fallback: one batch of `eth_blockNumber` and an `eth_call` per call. */
  private async callEach(
    rpcUrl: string,
    deadline: AbortSignal,
    from: string,
    calls: readonly Call[],
  ): Promise<SimulationOutcome> {
    const batch = [
      { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] },
      ...calls.map((call, index) => ({
        jsonrpc: '2.0',
        id: index + 1,
        method: 'eth_call',
        params: [txOf(from, call), 'latest'],
      })),
    ];
    const replies = await post(rpcUrl, deadline, batch);
    if (!Array.isArray(replies)) throw new SimulationUnavailable('the node does not answer JSON-RPC batches');
    const byId = new Map((replies as RpcReply[]).map((reply) => [reply.id, reply]));
    const head = byId.get(0);
    const blockNumber = typeof head?.result === 'string' ? BigInt(head.result) : null;
    const transfers: SimulatedTransfer[] = [];
    for (const [index, call] of calls.entries()) {
      const reply = byId.get(index + 1);
      if (reply === undefined) throw new SimulationUnavailable('the node left calls of the batch unanswered');
      if (reply.error !== undefined) {
        return { status: 'REVERTED', blockNumber, revertReason: errorText(reply.error), callIndex: index, transfers };
      }
      if (call.value > 0n) transfers.push({ token: null, from, to: call.to.hex20, amount: call.value });
      if (call.data.startsWith(TRANSFER_SELECTOR) && call.data.length === 2 + 8 + 128) {
        transfers.push({
          token: call.to.hex20,
          from,
          to: `0x${call.data.slice(34, 74)}`,
          amount: BigInt(`0x${call.data.slice(74)}`),
        });
      }
    }
    return { status: 'SUCCESS', blockNumber, transfers };
  }
}

function txOf(from: string, call: Call): { from: string; to: string; value: Hex; data: Hex } {
  return { from, to: call.to.hex20, value: `0x${call.value.toString(16)}`, data: call.data };
}

async function post(rpcUrl: string, signal: AbortSignal, body: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new SimulationUnavailable(`the node answered HTTP ${response.status}`);
  return response.json();
}

/** JSON-RPC's "method not found", or a node's own words for it. */
function lacksMethod(error: RpcError): boolean {
  return (
    error.code === -32601 ||
    /method .*(not found|not supported|does not exist|unavailable)|unsupported method/i.test(error.message ?? '')
  );
}

function errorText(error: RpcError): string {
  const data = typeof error.data === 'string' ? error.data : undefined;
  if (data !== undefined && data.startsWith('0x08c379a0')) {
    try {
      const decoded = decodeErrorResult({ data: data as Hex });
      return `execution reverted: ${String(decoded.args?.[0])}`;
    } catch {
      // not a well-formed Error(string): the node's message says enough
    }
  }
  return (error.message ?? 'the call failed').slice(0, 500);
}

function fromSimulatedBlock(result: unknown): SimulationOutcome {
  if (!Array.isArray(result) || result.length !== 1)
    throw new SimulationUnavailable('the node answered eth_simulateV1 without a block');
  const block = result[0] as { number?: string; calls?: SimulatedCall[] };
  const blockNumber = typeof block.number === 'string' ? BigInt(block.number) : null;
  const transfers: SimulatedTransfer[] = [];
  for (const [index, call] of (block.calls ?? []).entries()) {
    if (call.status !== '0x1') {
      return {
        status: 'REVERTED',
        blockNumber,
        revertReason: errorText(call.error ?? { message: 'execution reverted' }),
        callIndex: index,
        transfers,
      };
    }
    for (const log of call.logs ?? []) {
      const transfer = transferOf(log);
      if (transfer !== undefined) transfers.push(transfer);
    }
  }
  return { status: 'SUCCESS', blockNumber, transfers };
}

function transferOf(log: { address?: string; topics?: string[]; data?: string }): SimulatedTransfer | undefined {
  const topics = log.topics ?? [];
  if (topics.length !== 3 || topics[0] !== TRANSFER_TOPIC || typeof log.address !== 'string') return undefined;
  if (!/^0x[0-9a-fA-F]{1,64}$/.test(log.data ?? '')) return undefined;
  const address = log.address.toLowerCase();
  return {
    token: address === NATIVE_PSEUDO_TOKEN ? null : address,
    from: `0x${topics[1].slice(-40).toLowerCase()}`,
    to: `0x${topics[2].slice(-40).toLowerCase()}`,
    amount: BigInt(log.data as string),
  };
}
