import type { Hex } from 'viem';
import type { ObservedChainEvent } from './chain-event';
import type { ChainBlock, ChainLog, ChainReceipt, ChainTransaction } from './chain-reader';
import {
  CLAIM_TOPIC,
  CREATE_SUCCESS_TOPIC,
  decodeClaim,
  decodeTransfer,
  EXECUTE_SUCCESS_TOPIC,
  topicAddress,
} from './wallet-events';

/**
 * What the indexer saw in one block, before it knows how final it is. Plain JSON (amounts as
 * strings) because the unconfirmed ones are kept with their block in `indexer_blocks`.
 */
interface ObservationBase {
  readonly txHash: Hex;
  /** The log's index in its block; native transfers have no log and use NATIVE_LOG_INDEX. */
  readonly logIndex: number;
  readonly blockNumber: string;
  readonly blockHash: Hex;
}

export interface TransferObservation extends ObservationBase {
  readonly kind: 'transfer';
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly currencyId: string;
  readonly amount: string;
  readonly fee?: string;
}

export interface ExecutionObservation extends ObservationBase {
  readonly kind: 'execution';
  readonly deploymentAddress: string;
  readonly executeOperationIds: readonly Hex[];
}

export interface ClaimObservation extends ObservationBase {
  readonly kind: 'claim';
  readonly deploymentAddress: string;
  /** Where the swept money went: the wallet itself (`claim`), or `claimTo`'s `to`. */
  readonly recipient: string;
  readonly currencyId: string;
  readonly invoiceNonces: readonly string[];
}

export interface DeployObservation extends ObservationBase {
  readonly kind: 'deploy';
  readonly deploymentAddress: string;
}

export type Observation = TransferObservation | ExecutionObservation | ClaimObservation | DeployObservation;

/**
 * A native transfer has no log. Log indexes count logs within one block, which never reach 2^31,
 * so this value keeps `(txHash, logIndex)` unique between a transaction's value and its logs.
 */
export const NATIVE_LOG_INDEX = 2 ** 31 - 1;

/** Who the service knows on one chain, by lower-case 0x address. */
export interface AddressBook {
  isWatched(address: string): boolean;
  isDeployment(address: string): boolean;
  /** The invoice nonce (decimal) of an invoice deposit address. */
  invoiceNonce(address: string): string | undefined;
}

export interface ChainCatalog {
  readonly chainId: string;
  /** Token contract (lower-case) → currency id. */
  readonly tokens: ReadonlyMap<string, string>;
  /** ProxyFactory addresses (lower-case). */
  readonly factories: ReadonlySet<string>;
}

/** The block's transactions that send the native coin to a watched address: their receipts are needed. */
export function nativeCandidates(block: ChainBlock, book: AddressBook): ChainTransaction[] {
  return block.transactions.filter((tx) => tx.value > 0n && tx.to !== null && book.isWatched(tx.to.toLowerCase()));
}

/**
 * Everything in `block` the service cares about, in block order: native transfers to watched
 * addresses (successful ones: `receipts` holds each candidate's receipt), ERC-20 `Transfer`s of
 * catalog tokens to watched addresses, the wallets' `ExecuteSuccess` (grouped per transaction into
 * one execution) and `Claim` (grouped per transaction and currency), and the factory's
 * `CreateSuccess` of a known wallet. `SetConfig` needs no event of its own: it is emitted inside
 * the execution of the MULTISIG_CONFIG_CHANGE operation, whose `ExecuteSuccess` carries the change.
 */
export function findObservations(
  block: ChainBlock,
  logs: readonly ChainLog[],
  receipts: ReadonlyMap<Hex, ChainReceipt>,
  book: AddressBook,
  catalog: ChainCatalog,
): Observation[] {
  const base = (txHash: Hex, logIndex: number): ObservationBase => ({
    txHash,
    logIndex,
    blockNumber: block.number.toString(),
    blockHash: block.hash,
  });
  const found: Observation[] = [];
  for (const tx of nativeCandidates(block, book)) {
    const receipt = receipts.get(tx.hash);
    if (receipt === undefined || !receipt.success || !receipt.valueIsNative) continue;
    found.push({
      kind: 'transfer',
      ...base(tx.hash, NATIVE_LOG_INDEX),
      fromAddress: tx.from.toLowerCase(),
      toAddress: (tx.to as Hex).toLowerCase(),
      currencyId: catalog.chainId,
      amount: tx.value.toString(),
      ...(receipt.fee === undefined ? {} : { fee: receipt.fee.toString() }),
    });
  }

  const executions = new Map<string, { first: ChainLog; ids: Hex[] }>();
  const claims = new Map<
    string,
    { first: ChainLog; wallet: string; recipient: string; currencyId: string; nonces: string[] }
  >();
  for (const log of [...logs].sort((a, b) => a.logIndex - b.logIndex)) {
    if (log.blockHash !== block.hash) continue;
    const emitter = log.address.toLowerCase();
    const topic = log.topics[0];
    const token = catalog.tokens.get(emitter);
    if (token !== undefined) {
      const transfer = decodeTransfer(log.topics, log.data);
      if (transfer !== undefined && transfer.value > 0n && book.isWatched(transfer.to)) {
        found.push({
          kind: 'transfer',
          ...base(log.transactionHash, log.logIndex),
          fromAddress: transfer.from,
          toAddress: transfer.to,
          currencyId: token,
          amount: transfer.value.toString(),
        });
      }
      continue;
    }
    if (topic === CREATE_SUCCESS_TOPIC && catalog.factories.has(emitter)) {
      const instance = topicAddress(log.topics[1]);
      if (instance !== undefined && book.isDeployment(instance))
        found.push({ kind: 'deploy', ...base(log.transactionHash, log.logIndex), deploymentAddress: instance });
      continue;
    }
    if (!book.isDeployment(emitter)) continue;
    if (topic === EXECUTE_SUCCESS_TOPIC && log.topics.length === 4) {
      const key = `${log.transactionHash}:${emitter}`;
      const group = executions.get(key) ?? { first: log, ids: [] };
      group.ids.push(log.topics[3]);
      executions.set(key, group);
    } else if (topic === CLAIM_TOPIC) {
      const claim = decodeClaim(log.data);
      const nonce = claim === undefined ? undefined : book.invoiceNonce(claim.deposit);
      const recipient = topicAddress(log.topics[1]);
      if (claim === undefined || nonce === undefined || recipient === undefined) continue;
      const currencies: string[] = [];
      if (claim.token !== ZERO_ADDRESS && claim.tokenAmount > 0n) currencies.push(`${catalog.chainId}-${claim.token}`);
      if (claim.ethAmount > 0n) currencies.push(catalog.chainId);
      for (const currencyId of currencies) {
        const key = `${log.transactionHash}:${emitter}:${recipient}:${currencyId}`;
        const group = claims.get(key) ?? { first: log, wallet: emitter, recipient, currencyId, nonces: [] };
        if (!group.nonces.includes(nonce)) group.nonces.push(nonce);
        claims.set(key, group);
      }
    }
  }
  for (const { first, ids } of executions.values()) {
    found.push({
      kind: 'execution',
      ...base(first.transactionHash, first.logIndex),
      deploymentAddress: first.address.toLowerCase(),
      executeOperationIds: ids,
    });
  }
  for (const { first, wallet, recipient, currencyId, nonces } of claims.values()) {
    found.push({
      kind: 'claim',
      ...base(first.transactionHash, first.logIndex),
      deploymentAddress: wallet,
      recipient,
      currencyId,
      invoiceNonces: nonces,
    });
  }
  return found;
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export type ReportedStatus = 'EXECUTED' | 'CONFIRMED' | 'FAILED';

/**
 * The intake event for an observation at a given finality. The event id names the chain, the
 * transaction, the log, the block (a re-mined transaction is another observation), the status and
 * the confirmation count: a replay of the same report is the same id and changes nothing, while
 * each new confirmation is a new event.
 */
export function toChainEvent(
  chainId: string,
  observation: Observation,
  status: ReportedStatus,
  confirmations: number,
): ObservedChainEvent {
  const eventId = [
    'evm',
    chainId,
    observation.txHash,
    observation.logIndex,
    observation.blockHash.slice(2, 18),
    status,
    confirmations,
  ].join(':');
  const common = { eventId, chainId, txHash: observation.txHash, status };
  switch (observation.kind) {
    case 'transfer':
      return {
        ...common,
        kind: 'transfer',
        logIndex: observation.logIndex,
        blockNumber: observation.blockNumber,
        blockHash: observation.blockHash,
        fromAddress: observation.fromAddress,
        toAddress: observation.toAddress,
        currencyId: observation.currencyId,
        amount: observation.amount,
        ...(observation.fee === undefined ? {} : { fee: observation.fee }),
        confirmations,
      };
    case 'execution':
      return {
        ...common,
        kind: 'execution',
        deploymentAddress: observation.deploymentAddress,
        blockNumber: observation.blockNumber,
        executeOperationIds: observation.executeOperationIds,
        confirmations,
      };
    case 'claim':
      return {
        ...common,
        kind: 'claim',
        deploymentAddress: observation.deploymentAddress,
        toAddress: observation.recipient,
        currencyId: observation.currencyId,
        invoiceNonces: observation.invoiceNonces,
        confirmations,
      };
    case 'deploy':
      return { ...common, kind: 'deploy', deploymentAddress: observation.deploymentAddress, confirmations };
  }
}

/**
 * Which observations are reported FAILED when their block leaves the canonical chain. Deposits
 * are: they never counted (they count only once CONFIRMED), and a re-mined one is a new
 * observation in its new block. Executions, claims and deploys are not: FAILED is final for a
 * queue operation, yet a wallet transaction dropped by a reorg is almost always re-mined (its
 * nonce is still next); left EXECUTED, the re-mined report confirms the same row.
 */
export function failsWhenDropped(observation: Observation): boolean {
  return observation.kind === 'transfer';
}
