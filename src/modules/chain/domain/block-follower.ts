import type { Hex } from 'viem';
import type { ObservedChainEvent } from './chain-event';
import type { ChainBlock, ChainLog, ChainReader, ChainReceipt, LogQuery } from './chain-reader';
import type { CheckpointPort, StoredBlock } from './checkpoint';
import {
  type AddressBook,
  type ChainCatalog,
  failsWhenDropped,
  findObservations,
  nativeCandidates,
  toChainEvent,
} from './observations';
import { TRANSFER_TOPIC, WALLET_AND_FACTORY_TOPICS } from './wallet-events';

export interface RefreshableAddressBook extends AddressBook {
  refresh(): Promise<void>;
}

/** Hands events to the intake; throws when they could not be applied (the step is retried). */
export type EventSink = (events: ObservedChainEvent[]) => Promise<void>;

export interface FollowerLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BlockFollowerOptions {
  readonly chainId: string;
  /** Confirmations after which a block is final (the network's `requiredConfirmations`). */
  readonly requiredConfirmations: number;
  readonly batchBlocks: number;
  readonly concurrency: number;
  readonly startBlock: bigint | null;
}

/**
 * Follows one chain from its checkpoint, one step at a time. A step reads the head, checks the
 * last processed block is still canonical (else rolls back to the fork and reports the dropped
 * deposits FAILED), fetches the next range of blocks (bounded concurrency) and its logs (one
 * ranged `eth_getLogs` per filter), reports what it found — EXECUTED (mined) with its confirmation
 * count until the block has `requiredConfirmations`, then CONFIRMED — re-reports the unconfirmed window
 * as the head moves, and only then moves the checkpoint. A crash anywhere in between replays the
 * same event ids, which the intake ignores: nothing is lost or counted twice.
 */
export class BlockFollower {
  private nextBlock = 0n;
  /** Processed blocks not yet final, plus always the last processed one; ascending. */
  private window: StoredBlock[] = [];
  private lastReportedHead: bigint | undefined;
  private lastHead: bigint | undefined;
  /** The next range's blocks, read while the intake applies the current one (catching up). */
  private readAhead: { from: bigint; to: bigint; blocks: Promise<(ChainBlock | undefined)[] | undefined> } | undefined;

  constructor(
    private readonly options: BlockFollowerOptions,
    private readonly reader: ChainReader,
    private readonly store: CheckpointPort,
    private readonly book: RefreshableAddressBook,
    private readonly catalog: () => ChainCatalog,
    private readonly sink: EventSink,
    private readonly logger: FollowerLogger,
  ) {}

  get head(): bigint | undefined {
    return this.lastHead;
  }

  /** The last processed block. */
  get checkpoint(): bigint {
    return this.nextBlock - 1n;
  }

  async start(): Promise<void> {
    let checkpoint = await this.store.load();
    if (checkpoint === undefined) {
      await this.store.create(this.options.startBlock ?? (await this.reader.headNumber()));
      checkpoint = await this.store.load();
      if (checkpoint === undefined) throw new Error('checkpoint was not created');
    }
    this.nextBlock = checkpoint.nextBlock;
    this.window = [...checkpoint.blocks];
    this.lastReportedHead = undefined;
    this.readAhead = undefined;
  }

  /** One step; true when there is more to do at once (behind the head, or after a rollback). */
  async step(): Promise<boolean> {
    const head = await this.reader.headNumber();
    this.lastHead = head;
    // After the head: whatever a block up to `head` paid into was created before we look it up.
    await this.book.refresh();
    if (await this.rollBackIfReorged(head)) return true;
    if (this.nextBlock > head) return false;

    const from = this.nextBlock;
    const to = min(head, from + BigInt(this.options.batchBlocks) - 1n);
    const fetched = await this.blocksOf(from, to);
    // A block below the head we just read is missing (a lagging node, or a chain that got shorter
    // meanwhile): try again after the poll interval.
    if (fetched.some((block) => block === undefined)) return false;
    const blocks = fetched as ChainBlock[];
    const previous = this.window.at(-1);
    for (let i = 0; i < blocks.length; i++) {
      const parent = i === 0 ? (previous?.number === from - 1n ? previous.hash : undefined) : blocks[i - 1].hash;
      // The chain changed while we read it: the next step finds the fork.
      if (parent !== undefined && blocks[i].parentHash !== parent) return true;
    }
    const catalog = this.catalog();
    const logs = await this.fetchLogs(from, to, catalog);
    const hashes = new Set(blocks.map((block) => block.hash));
    if (logs.some((log) => !hashes.has(log.blockHash))) return true;
    const receipts = await this.fetchReceipts(blocks);

    const logsByBlock = new Map<Hex, ChainLog[]>();
    for (const log of logs) logsByBlock.set(log.blockHash, [...(logsByBlock.get(log.blockHash) ?? []), log]);
    const fresh: StoredBlock[] = blocks.map((block) => ({
      number: block.number,
      hash: block.hash,
      observations: findObservations(block, logsByBlock.get(block.hash) ?? [], receipts, this.book, catalog),
    }));

    const reReport = this.lastReportedHead !== head;
    if (to < head) this.readAheadFrom(to + 1n, head);
    await this.sink(this.report([...(reReport ? this.window : []), ...fresh], new Set(fresh), head));
    this.lastReportedHead = head;

    const last = fresh[fresh.length - 1];
    const firstUnfinal = head - BigInt(this.options.requiredConfirmations) + 2n;
    const kept = [...this.window, ...fresh]
      .filter((block) => block.number >= firstUnfinal || block === last)
      .map((block) => (block.number >= firstUnfinal ? block : { ...block, observations: [] }));
    const pruneBelow = min(firstUnfinal, last.number);
    await this.store.save({
      nextBlock: to + 1n,
      head,
      put: kept,
      pruneBelow,
    });
    this.window = kept;
    this.nextBlock = to + 1n;
    return to < head;
  }

  /**
   * The blocks `from`..`to` with their transactions: read ahead when the last step did (raw chain
   * data, checked like any other: each block's parent, the logs' block hashes), else now.
   */
  private async blocksOf(from: bigint, to: bigint): Promise<(ChainBlock | undefined)[]> {
    const ahead = this.readAhead;
    this.readAhead = undefined;
    const read = ahead?.from === from && ahead.to === to ? await ahead.blocks : undefined;
    return read ?? this.inChunks(rangeOf(from, to), (number) => this.reader.block(number, true));
  }

  /**
   * Starts reading the next step's blocks, as it will ask for them unless the head moves or a
   * reorg rewinds (then they are dropped), while this step's events are applied: catching up,
   * reading the chain and applying events then overlap instead of taking turns. A failed read is
   * read again by the step.
   */
  private readAheadFrom(from: bigint, head: bigint): void {
    const to = min(head, from + BigInt(this.options.batchBlocks) - 1n);
    const blocks = this.inChunks(rangeOf(from, to), (number) => this.reader.block(number, true)).catch(() => undefined);
    this.readAhead = { from, to, blocks };
  }

  /**
   * Events for `fresh` blocks, and for window blocks whose confirmation count reached a milestone
   * since the last report: every count up to 8, then powers of two, then the required count. A
   * 128-confirmation network reports a deposit a dozen times on its way, not 128.
   */
  private report(blocks: readonly StoredBlock[], fresh: ReadonlySet<StoredBlock>, head: bigint): ObservedChainEvent[] {
    const events: ObservedChainEvent[] = [];
    const previousHead = this.lastReportedHead;
    for (const block of blocks) {
      const confirmations = Number(head - block.number + 1n);
      const final = confirmations >= this.options.requiredConfirmations;
      if (!fresh.has(block) && !final && previousHead !== undefined) {
        const before = Number(previousHead - block.number + 1n);
        if (!passesMilestone(before, confirmations)) continue;
      }
      // Everything the follower reads is mined; PENDING (not mined) is for reporters that see the mempool.
      const status = final ? 'CONFIRMED' : 'EXECUTED';
      for (const observation of block.observations)
        events.push(toChainEvent(this.options.chainId, observation, status, confirmations));
    }
    return events;
  }

  /**
   * When the last processed block is no longer canonical, walks the window back to the newest
   * block that still is (the fork), reports the dropped blocks' deposits FAILED and resumes after
   * the fork. A reorg deeper than the window rewinds to the window's start: blocks before it had
   * their confirmations and are treated as final.
   */
  private async rollBackIfReorged(head: bigint): Promise<boolean> {
    const last = this.window.at(-1);
    // A head below our last block is more often a node that lags (behind a load balancer) than a
    // shorter chain; a real reorg shows as a different hash once the chain passes that height.
    if (last === undefined || last.number > head) return false;
    const canonical = await this.reader.block(last.number, false);
    if (canonical?.hash === last.hash) return false;

    let fork: bigint | undefined;
    for (const block of [...this.window].reverse()) {
      const current = await this.reader.block(block.number, false);
      if (current?.hash === block.hash) {
        fork = block.number;
        break;
      }
    }
    const dropFrom = fork === undefined ? this.window[0].number : fork + 1n;
    const dropped = this.window.filter((block) => block.number >= dropFrom);
    this.logger[fork === undefined ? 'error' : 'warn'](
      { chainId: this.options.chainId, dropFrom: dropFrom.toString(), blocks: dropped.length },
      fork === undefined ? 'reorg deeper than the confirmation window' : 'chain reorganisation',
    );
    const failed = dropped.flatMap((block) =>
      block.observations
        .filter(failsWhenDropped)
        .map((observation) => toChainEvent(this.options.chainId, observation, 'FAILED', 0)),
    );
    await this.sink(failed);
    await this.store.save({ nextBlock: dropFrom, head, put: [], dropFrom });
    this.window = this.window.filter((block) => block.number < dropFrom);
    this.nextBlock = dropFrom;
    this.lastReportedHead = undefined;
    return true;
  }

  private async fetchLogs(from: bigint, to: bigint, catalog: ChainCatalog): Promise<ChainLog[]> {
    const tokens = [...catalog.tokens.keys()] as Hex[];
    const queries: LogQuery[] = [{ fromBlock: from, toBlock: to, events: WALLET_AND_FACTORY_TOPICS }];
    if (tokens.length > 0) queries.push({ fromBlock: from, toBlock: to, address: tokens, events: [TRANSFER_TOPIC] });
    const results = await Promise.all(queries.map((query) => this.logsSplitting(query)));
    return results.flat();
  }

  /** Providers cap a log query's range or result size: halve the range until it passes. */
  private async logsSplitting(query: LogQuery): Promise<ChainLog[]> {
    try {
      return await this.reader.logs(query);
    } catch (error) {
      if (query.toBlock <= query.fromBlock || !isRangeLimit(error)) throw error;
      const middle = (query.fromBlock + query.toBlock) / 2n;
      const [left, right] = await Promise.all([
        this.logsSplitting({ ...query, toBlock: middle }),
        this.logsSplitting({ ...query, fromBlock: middle + 1n }),
      ]);
      return [...left, ...right];
    }
  }

  /**
   * `fetch` over `items`, CALLS_PER_CHUNK calls issued together (one JSON-RPC batch) and
   * `concurrency` chunks in flight.
   */
  private async inChunks<T, R>(items: readonly T[], fetch: (item: T) => Promise<R>): Promise<R[]> {
    const chunks: T[][] = [];
    for (let i = 0; i < items.length; i += CALLS_PER_CHUNK) chunks.push(items.slice(i, i + CALLS_PER_CHUNK));
    const results = await mapLimit(chunks, this.options.concurrency, (chunk) => Promise.all(chunk.map(fetch)));
    return results.flat();
  }

  private async fetchReceipts(blocks: readonly ChainBlock[]): Promise<Map<Hex, ChainReceipt>> {
    const candidates = blocks.flatMap((block) => nativeCandidates(block, this.book));
    const receipts = await this.inChunks(candidates, (tx) => this.reader.receipt(tx.hash));
    return new Map(candidates.map((tx, i) => [tx.hash, receipts[i]]));
  }
}

/** Whether a confirmation count in (before, now] is worth a report: 1..8, then powers of two. */
export function passesMilestone(before: number, now: number): boolean {
  if (now <= 8) return now > before;
  for (let milestone = 16; milestone <= now; milestone *= 2) if (milestone > before) return true;
  return false;
}

/** Calls sent as one JSON-RPC batch (the viem transport batches calls made together). */
const CALLS_PER_CHUNK = 25;

function isRangeLimit(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details)}` : '';
  return /range|limit|too (many|large|big)|exceed|more than|response size/i.test(message);
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function rangeOf(from: bigint, to: bigint): bigint[] {
  const numbers: bigint[] = [];
  for (let n = from; n <= to; n++) numbers.push(n);
  return numbers;
}

/** `fn` over `items` with at most `limit` calls in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
