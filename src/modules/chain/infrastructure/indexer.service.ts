import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig, sessionDatabaseUrl } from '../../../config/app-config';
import { LOGGER } from '../../../shared/logging/logging.module';
import { CatalogService } from '../../catalog/catalog.service';
import { ChainEventIntake, INTERNAL_EVENT_ERROR } from '../application/chain-event-intake';
import { ChainIndexStatus, IndexerStatusReader } from '../application/indexer-status';
import { type ChainLeaderJob, ChainLeaderJobs } from '../application/chain-leader-jobs';
import { BlockFollower, EventSink } from '../domain/block-follower';
import type { ObservedChainEvent } from '../domain/chain-event';
import type { ChainReader } from '../domain/chain-reader';
import { LeaderSession, tryLeadChain } from './chain-leadership';
import { CheckpointStore } from './checkpoint-store';
import type { IndexedChainConfig } from '../../../config/indexer-config';
import type { ChainCatalog } from '../domain/observations';
import { toTronChainEvent } from './tron-event-codec';
import { TronJsonRpcReader, tronHttpApiUrl } from './tron-json-rpc-reader';
import { ViemChainReader } from './viem-chain-reader';
import { WatchedAddresses } from './watched-addresses';

interface LocalState {
  leader: boolean;
  lastError: string | null;
  /** The follower's last step found nothing more to do: what the chain has, the service has seen. */
  atHead: boolean;
}

const EVENTS_PER_INGEST = 1000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The built-in indexer: for every configured chain, campaign for its advisory lock; the winner
 * follows the chain with a `BlockFollower` and reports to the chain-event intake in process. EVM
 * chains are read through viem, Tron chains through java-tron's Ethereum-compatible JSON-RPC
 * (`TronJsonRpcReader`), their events put in Tron's spelling at the edge (`toTronChainEvent`). RPC or database failures back off exponentially and retry the step from the last
 * checkpoint. Runs when `INDEXER_ENABLED` is set or from `npm run indexer`.
 */
@Injectable()
export class IndexerService extends IndexerStatusReader implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly local = new Map<string, LocalState>();
  private abort: AbortController | undefined;
  private loops: Promise<void>[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig & { databaseUrl?: string },
    private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
    private readonly intake: ChainEventIntake,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly leaderJobs: ChainLeaderJobs,
  ) {
    super();
  }

  get chains(): readonly IndexedChainConfig[] {
    return this.config.indexer.chains;
  }

  onApplicationBootstrap(): void {
    // Checked at start: a chain the catalog does not know could never confirm anything.
    for (const chain of this.chains) {
      if (this.catalog.findNetwork(chain.chainId) === undefined)
        throw new Error(
          `Invalid configuration: RPC_URL_${chain.chainId} names a chain that is not a network of the catalog`,
        );
    }
    if (this.config.indexer.enabled) this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Starts indexing every configured chain (idempotent). */
  start(readerFor: (chain: IndexedChainConfig) => ChainReader = (chain) => this.readerFor(chain)): void {
    if (this.abort !== undefined) return;
    const databaseUrl = this.config.databaseUrl;
    if (databaseUrl === undefined || databaseUrl === null) throw new Error('the indexer needs the database URL');
    // Leadership is a session advisory lock: on the session URL, never through a transaction pooler.
    const sessionUrl = sessionDatabaseUrl({ ...this.config, databaseUrl });
    this.abort = new AbortController();
    const signal = this.abort.signal;
    this.loops = this.chains.map((chain) => {
      const state: LocalState = { leader: false, lastError: null, atHead: false };
      this.local.set(chain.chainId, state);
      return this.campaign(chain, readerFor(chain), sessionUrl, state, signal);
    });
  }

  private readerFor(chain: IndexedChainConfig): ChainReader {
    if (this.catalog.findNetwork(chain.chainId)?.networkType !== 'tvm') return new ViemChainReader(chain.rpcUrl);
    return new TronJsonRpcReader({
      rpcUrl: chain.rpcUrl,
      httpApiUrl: chain.httpApiUrl ?? tronHttpApiUrl(chain.rpcUrl),
      apiKey: this.config.indexer.tronApiKey,
    });
  }

  /** Stops every chain's loop and releases its lock. */
  async stop(): Promise<void> {
    this.abort?.abort();
    await Promise.all(this.loops);
    this.loops = [];
    this.abort = undefined;
  }

  /** Head, checkpoint and lag per configured chain, from the checkpoint table (any instance's view). */
  async status(): Promise<ChainIndexStatus[]> {
    if (this.chains.length === 0) return [];
    const rows: { chain_id: string; next_block: string; head_block: string | null; updated_at: Date }[] =
      await this.dataSource.query(
        `SELECT chain_id, next_block::text, head_block::text, updated_at FROM indexer_checkpoints WHERE chain_id = ANY($1)`,
        [this.chains.map((chain) => chain.chainId)],
      );
    const byChain = new Map(rows.map((row) => [row.chain_id, row]));
    return this.chains.map((chain) => {
      const row = byChain.get(chain.chainId);
      const local = this.local.get(chain.chainId);
      const checkpoint = row === undefined ? null : BigInt(row.next_block) - 1n;
      const head = row?.head_block === null || row === undefined ? null : BigInt(row.head_block);
      return {
        chainId: chain.chainId,
        leader: local?.leader ?? false,
        head: head?.toString() ?? null,
        checkpoint: checkpoint?.toString() ?? null,
        lag: head === null || checkpoint === null ? null : Math.max(0, Number(head - checkpoint)),
        updatedAt: row?.updated_at.toISOString() ?? null,
        lastError: local?.lastError ?? null,
      };
    });
  }

  private async campaign(
    chain: IndexedChainConfig,
    reader: ChainReader,
    databaseUrl: string,
    state: LocalState,
    signal: AbortSignal,
  ): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      let session: LeaderSession | undefined;
      try {
        session = await tryLeadChain(databaseUrl, chain.chainId);
      } catch (error) {
        failures++;
        state.lastError = describe(error);
        this.logger.warn({ chainId: chain.chainId, error: state.lastError }, 'indexer: cannot reach the database');
        await pause(backoff(failures), signal);
        continue;
      }
      failures = 0;
      if (session === undefined) {
        await pause(this.config.indexer.pollIntervalMs, signal);
        continue;
      }
      state.leader = true;
      this.logger.info({ chainId: chain.chainId }, 'indexer: leading chain');
      const leading = new AbortController();
      const stopLeading = () => leading.abort();
      signal.addEventListener('abort', stopLeading);
      const jobs = this.leaderJobs.jobs.map((job) => this.runWhileLeading(job, chain.chainId, state, leading.signal));
      try {
        await this.follow(chain, reader, session, state, signal);
      } finally {
        leading.abort();
        signal.removeEventListener('abort', stopLeading);
        await Promise.all(jobs);
        state.leader = false;
        state.atHead = false;
        await session.release();
      }
      if (session.lost !== undefined && !signal.aborted)
        this.logger.warn({ chainId: chain.chainId, reason: session.lost }, 'indexer: lost the chain lock');
    }
  }

  private async follow(
    chain: IndexedChainConfig,
    reader: ChainReader,
    session: LeaderSession,
    state: LocalState,
    signal: AbortSignal,
  ): Promise<void> {
    const network = this.catalog.findNetwork(chain.chainId);
    if (network === undefined) return;
    const book = new WatchedAddresses(chain.chainId, (sql, params) => this.dataSource.query(sql, params));
    const follower = new BlockFollower(
      {
        chainId: chain.chainId,
        requiredConfirmations: network.requiredConfirmations,
        batchBlocks: this.config.indexer.batchBlocks,
        concurrency: this.config.indexer.concurrency,
        startBlock: chain.startBlock,
      },
      reader,
      new CheckpointStore(session.client, chain.chainId),
      book,
      () => this.chainCatalog(chain),
      this.sink(chain.chainId, network.networkType === 'tvm' ? toTronChainEvent : (event) => event),
      this.logger,
    );
    let started = false;
    let failures = 0;
    while (!signal.aborted && session.lost === undefined) {
      try {
        if (!started) {
          await follower.start();
          started = true;
        }
        const more = await follower.step();
        failures = 0;
        state.lastError = null;
        state.atHead = !more;
        if (!more) await pause(this.config.indexer.pollIntervalMs, signal);
      } catch (error) {
        if (session.lost !== undefined) return;
        state.atHead = false;
        failures++;
        state.lastError = describe(error);
        this.logger.warn(
          { chainId: chain.chainId, error: state.lastError, failures },
          'indexer: step failed; retrying from the checkpoint',
        );
        // The follower's memory may be ahead of a checkpoint that failed to save: reload it.
        started = false;
        await pause(backoff(failures), signal);
      }
    }
  }

  /**
   * A registered leader job on `chainId`, every interval, until the leadership ends. A run waits
   * until the follower is at the head, so a job comparing the service with the chain does not
   * report the indexer's own backlog (after a restart, or a burst of blocks).
   */
  private async runWhileLeading(
    job: ChainLeaderJob,
    chainId: string,
    state: LocalState,
    leading: AbortSignal,
  ): Promise<void> {
    for (;;) {
      await pause(job.intervalMs, leading);
      while (!state.atHead && !leading.aborted) await pause(this.config.indexer.pollIntervalMs, leading);
      if (leading.aborted) return;
      try {
        await job.run(chainId);
      } catch (error) {
        this.logger.warn({ chainId, job: job.name, error: describe(error) }, 'indexer: leader job failed');
      }
    }
  }

  private chainCatalog(chain: IndexedChainConfig): ChainCatalog {
    const tokens = new Map<string, string>();
    for (const currency of this.catalog.currenciesOfChain(chain.chainId))
      if (currency.address !== null) tokens.set(currency.address.hex20.toLowerCase(), currency.id);
    return { chainId: chain.chainId, tokens, factories: new Set(chain.factories) };
  }

  /**
   * Applies a step's events in the order the follower found them, so one invoice's or wallet's
   * events keep their order; the intake applies them a few dozen to a database transaction. One
   * writer at a time: the events of one deployment all move the same rollup rows, so concurrent
   * transactions would only queue on those rows' locks, or deadlock over them. An event the intake
   * refuses for its content is logged and skipped (a replay would be refused again); one that
   * failed for another reason fails the step, which is retried from the checkpoint (events already
   * applied are then ignored by id).
   */
  private sink(chainId: string, encode: (event: ObservedChainEvent) => ObservedChainEvent): EventSink {
    return async (events) => {
      const encoded = events.map(encode);
      for (let i = 0; i < encoded.length; i += EVENTS_PER_INGEST) {
        const results = await this.intake.ingestObserved(encoded.slice(i, i + EVENTS_PER_INGEST));
        for (const result of results) {
          if (result.error === INTERNAL_EVENT_ERROR)
            throw new Error(`event ${result.eventId ?? '?'} could not be applied; retrying the step`);
          if (result.error !== null)
            this.logger.warn({ chainId, eventId: result.eventId, error: result.error }, 'indexer: event rejected');
        }
      }
    };
  }
}

function backoff(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, 250 * 2 ** Math.min(failures, 10));
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** viem's short message (its long one quotes the RPC URL, which may carry a key). */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const short = (error as { shortMessage?: unknown }).shortMessage;
    return typeof short === 'string' ? short : `${error.name}: ${error.message.split('\n')[0]}`.slice(0, 300);
  }
  return 'unknown error';
}
