import { AsyncLocalStorage } from 'node:async_hooks';
import { Client, ClientConfig, Pool, PoolClient, PoolConfig } from 'pg';
import type { CallerPositions } from './caller-positions';
import { chooseReplica, parseLsn, PrimarySample, replicaLagMs } from './replica-routing';
import { meterRequestWaits } from './request-waits';

/** How often each replica's position (and the primary's) is polled: a bad replica is skipped within a second. */
export const REPLICA_POLL_MS = 250;
/** A poll (connect or statement) that takes longer marks its replica down. */
const REPLICA_POLL_TIMEOUT_MS = 500;

/**
 * A GET request's handler, from after its guards (credentials and access are always checked on the
 * primary, so a revoked key stops at once) to its answer: plain reads may go to a replica. `caller`
 * is the member, undefined for an anonymous public read. `wrote` is set when the handler itself
 * sends a statement that is not a plain read: its later reads go to the primary, which has it.
 */
export interface ReadScope {
  readonly caller: string | undefined;
  wrote: boolean;
  /** The caller's newest write, looked up once per request. */
  newest?: Promise<bigint | undefined | 'unknown'>;
}

const readScopes = new AsyncLocalStorage<ReadScope>();

export function runInReadScope<T>(caller: string | undefined, work: () => T): T {
  return readScopes.run({ caller, wrote: false }, work);
}

export function currentReadScope(): ReadScope | undefined {
  return readScopes.getStore();
}

interface Replica {
  readonly label: string;
  readonly url: string;
  readonly pool: Pool;
  healthy: boolean;
  replayed: bigint | undefined;
  poller: Client | undefined;
}

/**
 * Streaming replicas of the primary (DATABASE_READ_URLS) that plain reads of GET requests go to.
 * Every REPLICA_POLL_MS one statement reads the primary's WAL position and one per replica its
 * replay position: from these come each replica's lag (replicaLagMs), its health, and whether it
 * has a caller's newest write. A replica that fails a poll, or loses the connection of a read, is
 * skipped from then on until a poll answers again; the read it failed runs on the primary.
 */
export class ReadReplicas {
  private readonly replicas: Replica[];
  private readonly samples: PrimarySample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private turn = 0;
  private stopped = false;

  constructor(
    urls: readonly string[],
    poolConfig: PoolConfig,
    private readonly maxLagMs: number,
    readonly positions: CallerPositions,
  ) {
    this.replicas = urls.map((url, index) => {
      const pool = new Pool({ ...poolConfig, connectionString: url, application_name: 'deployments-api read' });
      // A replica that goes away must not crash the process through an idle connection's error.
      pool.on('error', () => undefined);
      meterRequestWaits(pool);
      return { label: String(index), url, pool, healthy: false, replayed: undefined, poller: undefined };
    });
  }

  /** Polls once (so the first requests already know the replicas), then every REPLICA_POLL_MS. */
  async start(primary: Pool): Promise<void> {
    const tick = async () => {
      this.polling = this.poll(primary);
      await this.polling;
      if (!this.stopped) this.timer = setTimeout(() => void tick(), REPLICA_POLL_MS);
    };
    await tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.all(
      this.replicas.map(async (replica) => {
        await replica.poller?.end().catch(() => undefined);
        await replica.pool.end().catch(() => undefined);
      }),
    );
    await this.positions.close();
  }

  /** Each replica's label and lag (seconds), for the `database_replica_lag_seconds` gauge. */
  lagSeconds(): { replica: string; seconds: number }[] {
    return this.status().map(({ replica, lagSeconds }) => ({ replica, seconds: lagSeconds }));
  }

  /** What the last poll found of each replica. */
  status(): { replica: string; healthy: boolean; lagSeconds: number }[] {
    const now = Date.now();
    return this.replicas.map((replica) => ({
      replica: replica.label,
      healthy: replica.healthy,
      lagSeconds: replicaLagMs(this.samples, replica.replayed, now) / 1000,
    }));
  }

  /**
   * Runs `read` on a replica's connection when one may serve the caller of `scope` (see
   * chooseReplica); undefined when the primary must serve, or when the chosen replica failed it.
   */
  async read<T>(scope: ReadScope, read: (client: PoolClient) => Promise<T>): Promise<{ value: T } | undefined> {
    const now = Date.now();
    const views = this.replicas.map((replica) => ({
      healthy: replica.healthy,
      replayed: replica.replayed,
      lagMs: replicaLagMs(this.samples, replica.replayed, now),
    }));
    // No replica could serve anyone: no need to ask the store about the caller.
    if (chooseReplica(views, this.maxLagMs, undefined, 0) === undefined) return undefined;
    let callerWrote: bigint | undefined;
    if (scope.caller !== undefined) {
      scope.newest ??= this.positions.newest(scope.caller);
      const newest = await scope.newest;
      if (newest === 'unknown') return undefined;
      callerWrote = newest;
    }
    const index = chooseReplica(views, this.maxLagMs, callerWrote, this.turn++);
    if (index === undefined) return undefined;
    const replica = this.replicas[index];
    let client: PoolClient;
    try {
      client = await replica.pool.connect();
    } catch {
      replica.healthy = false;
      return undefined;
    }
    try {
      return { value: await read(client) };
    } catch (error) {
      // The primary answers instead: a statement error there is the caller's to see, and a lost
      // connection (or a recovery conflict) here is nobody's.
      const severity = (error as { driverError?: { severity?: unknown } }).driverError?.severity;
      if (severity !== 'ERROR') replica.healthy = false;
      return undefined;
    }
  }

  private async poll(primary: Pool): Promise<void> {
    try {
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const now = Date.now();
      this.samples.push({ lsn: parseLsn(rows[0].lsn), at: now });
      // Kept for twice the lag allowed (at least 30 s), so any lag that matters can be measured.
      const keepMs = Math.max(2 * this.maxLagMs, 30_000);
      while (this.samples.length > 1 && this.samples[0].at < now - keepMs) this.samples.shift();
    } catch {
      // The primary did not answer: no new sample, so lags grow as the samples age.
    }
    await Promise.all(this.replicas.map((replica) => this.pollReplica(replica)));
  }

  private async pollReplica(replica: Replica): Promise<void> {
    try {
      if (replica.poller === undefined) {
        const poller = new Client({
          connectionString: replica.url,
          connectionTimeoutMillis: REPLICA_POLL_TIMEOUT_MS,
          query_timeout: REPLICA_POLL_TIMEOUT_MS,
          application_name: 'deployments-api replica poll',
        } as ClientConfig);
        poller.on('error', () => undefined);
        replica.poller = poller;
        await poller.connect();
      }
      const { rows } = await replica.poller.query<{ lsn: string | null }>(
        'SELECT pg_last_wal_replay_lsn()::text AS lsn',
      );
      // Null: not a standby (promoted, or a wrong URL): never read from it as a replica.
      replica.healthy = rows[0].lsn !== null;
      replica.replayed = rows[0].lsn === null ? undefined : parseLsn(rows[0].lsn);
    } catch {
      replica.healthy = false;
      const poller = replica.poller;
      replica.poller = undefined;
      await poller?.end().catch(() => undefined);
    }
  }
}

/** The primary's current WAL position: at or past the end of every commit it acknowledged. */
export async function primaryPosition(primary: Pool): Promise<bigint> {
  const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return parseLsn(rows[0].lsn);
}

/** How a replica's pool is built: as the primary's, without its URL. */
export function replicaPoolConfig(primary: Pool & { options: PoolConfig }): PoolConfig {
  const { connectionString: _url, host: _host, port: _port, database: _database, ...rest } = primary.options;
  return rest;
}
