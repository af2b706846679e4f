import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ClientConfig, Pool, PoolClient } from 'pg';
import {
  DataSource,
  DataSourceOptions,
  EntityManager,
  EntitySubscriberInterface,
  QueryFailedError,
  QueryRunner,
  TransactionStartEvent,
} from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import type { DatabasePoolMode } from '../config/app-config';
import type { CallerPositions } from './caller-positions';
import { currentReadScope, primaryPosition, ReadReplicas, ReadScope, replicaPoolConfig } from './read-replicas';
import { isPlainRead } from './replica-routing';
import { meterRequestWaits } from './request-waits';

/**
 * What the URL of a data source names, and where work that needs a session connects. Transaction
 * mode (a pooler such as PgBouncer with `pool_mode = transaction` before it): a server connection
 * is the app's for one transaction, so nothing may outlive one. No statement is named (a pooler
 * before PgBouncer 1.21 would hand the next transaction a connection that never prepared it, or
 * one that did under another text), and the per-connection settings (`SESSION_SETTINGS`) are set
 * with SET LOCAL in every transaction, a single statement outside one included.
 */
export interface PoolSettings {
  readonly poolMode: DatabasePoolMode;
  /** Where cursors (exports) connect; undefined: the data source's own URL. */
  readonly sessionUrl?: string;
  /** The settings a connection of `sessionUrl` starts with, and that transaction mode sets per transaction. */
  readonly sessionSettings: Readonly<Record<string, string>>;
  /** Streaming replicas for the plain reads of GET requests (DATABASE_READ_URLS); none: all on the primary. */
  readonly readReplicas?: {
    readonly urls: readonly string[];
    readonly maxLagMs: number;
    readonly positions: CallerPositions;
  };
}

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and the same work, run
 * again, may well succeed: deadlock_detected and serialization_failure.
 */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);
/** Attempts in all, the first included; the pause after failed attempt n is a random 0-10·n ms. */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * TypeORM's data source, with one shortcut: a statement run outside a transaction (`query(sql,
 * params)` with no query runner) runs on a connection taken from the driver's pool and given back.
 * TypeORM would also create a query runner around it, broadcast before and after, build a
 * QueryResult and tear the runner down: about 15% of the CPU time of a request that reads one row
 * (the transaction detail endpoint, `npm run bench`). The answer is the same as TypeORM's: the
 * rows, or `[rows, affected]` for UPDATE and DELETE, and a QueryFailedError around a driver error.
 *
 * Those statements are also prepared: each distinct text gets a name (see StatementNames), so a
 * connection parses and plans it once and afterwards only binds and runs it, as asyncpg and
 * pgjdbc do by default. PostgreSQL plans the first five runs for their parameters and then keeps a
 * generic plan only if it costs no more. Most of the app's reads are sub-millisecond lookups that
 * cost PostgreSQL five to ten times longer to parse and plan than to run: on the 2-core bench
 * machine, where the database shares the CPU, this about tripled the transaction detail's rate.
 *
 * Anything else keeps TypeORM's path: statements inside a transaction (a query runner is passed),
 * statements without parameters (the simple protocol may carry several, whose results TypeORM
 * shapes its own way), and a data source that is not initialized (TypeORM's own error).
 *
 * And one addition: a transaction that PostgreSQL chose as a deadlock's victim, or refused for a
 * serialization failure, runs again from the start (up to TRANSACTION_ATTEMPTS in all), and so
 * does a statement outside a transaction. Both were rolled back whole, so nothing of the failed
 * attempt remains; every `transaction` callback in this app touches only the database through its
 * manager, so running it again is safe. The statement-level triggers that keep the rollups lock
 * shared rows, so two requests on one deployment can meet in a deadlock the app's own lock order
 * does not rule out; the client would otherwise get a 500 for a request that can simply be redone.
 *
 * Last, an enclosing transaction (`enclosingTransaction`): one transaction that every
 * `transaction()` and `query()` called from inside it joins, so a request's writes and what is
 * written about them afterwards (an Idempotency-Key's stored response) commit together or not at all.
 */
export class PooledDataSource extends DataSource {
  private readonly statementNames = new StatementNames(STATEMENT_NAMES_LIMIT);
  /** `SET LOCAL …` of every setting, one simple-protocol statement; undefined in session mode. */
  private readonly localSettings: string | undefined;
  /** Set once initialized when the settings name replicas. */
  private replicas: ReadReplicas | undefined;

  constructor(
    options: DataSourceOptions,
    readonly settings: PoolSettings = { poolMode: 'session', sessionSettings: {} },
  ) {
    super(options);
    this.localSettings = settings.poolMode === 'transaction' ? setLocalStatement(settings.sessionSettings) : undefined;
  }

  /** As TypeORM's, and then its pool tells each request how long it waited (meterRequestWaits). */
  override async initialize(): Promise<this> {
    await super.initialize();
    meterRequestWaits((this.driver as unknown as { master: Pool }).master);
    if (this.localSettings !== undefined) this.subscribers.push(new LocalSettingsPerTransaction(this.localSettings));
    const replicas = this.settings.readReplicas;
    if (replicas !== undefined && replicas.urls.length > 0) {
      const primary = this.primaryPool();
      this.replicas = new ReadReplicas(
        replicas.urls,
        replicaPoolConfig(primary),
        replicas.maxLagMs,
        replicas.positions,
      );
      await this.replicas.start(primary);
    }
    return this;
  }

  override async destroy(): Promise<void> {
    await this.replicas?.stop();
    this.replicas = undefined;
    await super.destroy();
  }

  /** The replicas plain reads may go to; undefined without DATABASE_READ_URLS. */
  get readReplicas(): ReadReplicas | undefined {
    return this.replicas;
  }

  /**
   * After a request of `caller` that may have written, once its transaction committed: its reads
   * go to the primary until a replica has replayed the primary's position now (see ReadReplicas).
   */
  async recordWrite(caller: string): Promise<void> {
    if (this.replicas === undefined) return;
    await this.replicas.positions.record(caller, await primaryPosition(this.primaryPool()));
  }

  private primaryPool(): Pool & { options: ClientConfig } {
    return (this.driver as unknown as { master: Pool & { options: ClientConfig } }).master;
  }

  /**
   * How a connection of its own for work that needs a session (an export's cursor) is made: on the
   * session URL, with the settings a pooled connection has. Its caller ends it.
   */
  sessionClientConfig(applicationName: string): ClientConfig {
    const pool = this.primaryPool();
    if (this.settings.poolMode === 'session' && this.settings.sessionUrl === undefined)
      return { ...pool.options, application_name: applicationName };
    const { connectionTimeoutMillis } = pool.options;
    return {
      connectionString: this.settings.sessionUrl ?? pool.options.connectionString,
      connectionTimeoutMillis,
      application_name: applicationName,
      ...sessionStartup(this.settings.sessionSettings),
    };
  }

  override transaction<T>(run: (manager: EntityManager) => Promise<T>): Promise<T>;
  override transaction<T>(isolation: IsolationLevel, run: (manager: EntityManager) => Promise<T>): Promise<T>;
  override transaction<T>(
    first: IsolationLevel | ((manager: EntityManager) => Promise<T>),
    second?: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    // A transaction is the primary's, and so is every read of the request after it.
    const scope = currentReadScope();
    if (scope !== undefined) scope.wrote = true;
    const enclosing = openEnclosing();
    if (enclosing !== undefined) {
      // A savepoint in the enclosing transaction: a failure rolls back this part only, and a
      // deadlock's victim runs again from the savepoint. Its isolation is the enclosing one's.
      if (typeof first !== 'function')
        throw new Error('an isolation level cannot be chosen inside an enclosing transaction');
      return retryingConflicts(() => enclosing.runner.manager.transaction(first));
    }
    return retryingConflicts(() =>
      typeof first === 'function' ? super.transaction(first) : super.transaction(first, second!),
    );
  }

  /**
   * Runs `work` in one transaction on one connection, committed when `work` resolves and rolled
   * back when it throws. Every `transaction()` called in `work`'s asynchronous scope becomes a
   * savepoint in it, and every `query()` runs on its connection (so a read after a write sees the
   * write, and a request never waits for a second pool connection while holding one). They share
   * one connection, so the transactions inside run one after another, never side by side.
   *
   * Should the process die or PostgreSQL go away before the commit, nothing of it remains: the
   * server rolls back a transaction whose session ended. A session whose client froze is ended by
   * PostgreSQL after `ENCLOSING_IDLE_TIMEOUT` idle in the transaction.
   */
  async enclosingTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const runner = this.createQueryRunner();
    const scope: Enclosing = { runner, open: true };
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL idle_in_transaction_session_timeout = '${ENCLOSING_IDLE_TIMEOUT}'`);
      const result = await enclosingScopes.run(scope, () => work(runner.manager));
      await runner.commitTransaction();
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      // Work the request started and left running (a timer, an unawaited promise) goes to the pool.
      scope.open = false;
      await runner.release();
    }
  }

  override query<T = unknown>(query: string, parameters?: unknown[], queryRunner?: QueryRunner): Promise<T> {
    // Inside a transaction a failed statement has aborted it: only the whole transaction may run again.
    if (queryRunner !== undefined) return super.query<T>(query, parameters, queryRunner);
    const enclosing = openEnclosing();
    if (enclosing !== undefined) return super.query<T>(query, parameters, enclosing.runner);
    const scope = this.replicas === undefined ? undefined : currentReadScope();
    if (scope !== undefined && this.isInitialized) {
      if (!scope.wrote && isPlainRead(query)) return this.queryOnReplica<T>(scope, query, parameters ?? []);
      scope.wrote = true;
    }
    if (parameters === undefined || parameters.length === 0 || !this.isInitialized) {
      // Transaction mode: in a transaction of its own, so the settings hold for it too.
      if (this.localSettings !== undefined && this.isInitialized)
        return this.transaction((manager) => manager.query<T>(query, parameters));
      return retryingConflicts(() => super.query<T>(query, parameters));
    }
    return retryingConflicts(() => this.queryOnPool<T>(query, parameters));
  }

  /** A plain read of a GET request: on a replica that may serve its caller, else on the primary. */
  private async queryOnReplica<T>(scope: ReadScope, query: string, parameters: unknown[]): Promise<T> {
    const answered = await this.replicas!.read(scope, (client) => this.queryOnClient<T>(client, query, parameters));
    if (answered !== undefined) return answered.value;
    return retryingConflicts(() => this.queryOnPool<T>(query, parameters));
  }

  private async queryOnPool<T>(query: string, parameters: unknown[]): Promise<T> {
    const client = await this.primaryPool().connect();
    return this.queryOnClient<T>(client, query, parameters);
  }

  /** `query` on `client` (taken from a pool), which it gives back, or drops when it failed. */
  protected async queryOnClient<T>(client: PoolClient, query: string, parameters: unknown[]): Promise<T> {
    // The connection goes back to the pool unless it failed: it reported an error while checked out
    // (TypeORM's runner drops it then too), or its statement failed other than by PostgreSQL
    // refusing it. A refusal (severity ERROR: a unique violation, a statement timeout) leaves the
    // session usable. A terminated session is FATAL and its socket's end arrives only later, so
    // TypeORM would give that connection back and fail the next statement on it too.
    let broken: Error | undefined;
    const onError = (error: Error): void => {
      broken = error;
    };
    client.on('error', onError);
    let inTransaction = false;
    try {
      if (this.localSettings !== undefined) {
        // Behind a transaction pooler the settings hold only within a transaction: the statement
        // gets one of its own, begun in the same round trip as the settings.
        await client.query(`BEGIN; ${this.localSettings}`);
        inTransaction = true;
      }
      const result = await client.query({
        text: query,
        values: parameters,
        name: this.localSettings === undefined ? this.statementNames.nameOf(query) : undefined,
      });
      if (inTransaction) {
        await client.query('COMMIT');
        inTransaction = false;
      }
      return (
        result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows
      ) as T;
    } catch (error) {
      // A column type changed under a prepared statement: this connection would refuse the
      // statement from now on, so it goes, and the statement runs again on another (prepared anew).
      if ((error as { severity?: unknown }).severity !== 'ERROR' || isStalePlan(error)) broken ??= error as Error;
      throw new QueryFailedError(query, parameters, error as Error);
    } finally {
      // A failed statement aborted its transaction: ended here, so the connection goes back idle.
      if (inTransaction && broken === undefined)
        await client.query('ROLLBACK').catch((error: Error) => (broken = error));
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
}

/** `SET LOCAL name = 'value'; …` of `settings`, to run first in a transaction. */
export function setLocalStatement(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([name, value]) => `SET LOCAL ${name} = '${value.replace(/'/g, "''")}'`)
    .join('; ');
}

/** `settings` as node-postgres sends them at connection start: its own two keys, the rest as `-c` options. */
function sessionStartup(settings: Readonly<Record<string, string>>): ClientConfig {
  const { statement_timeout, idle_in_transaction_session_timeout, ...others } = settings;
  const options = Object.entries(others)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  return {
    ...(statement_timeout === undefined ? {} : { statement_timeout: Number(statement_timeout) }),
    ...(idle_in_transaction_session_timeout === undefined
      ? {}
      : { idle_in_transaction_session_timeout: Number(idle_in_transaction_session_timeout) }),
    ...(options === '' ? {} : { options }),
  };
}

/**
 * Transaction mode: the per-connection settings, set in each transaction TypeORM begins (a
 * savepoint inside one inherits them), through TypeORM's own hook after `START TRANSACTION`.
 */
class LocalSettingsPerTransaction implements EntitySubscriberInterface {
  constructor(private readonly statement: string) {}

  async afterTransactionStart(event: TransactionStartEvent): Promise<void> {
    if ((event.queryRunner as unknown as { transactionDepth: number }).transactionDepth !== 1) return;
    await event.queryRunner.query(this.statement);
  }
}

/**
 * How long an enclosing transaction may sit idle before PostgreSQL ends its session: a live request
 * never pauses that long between statements, and a frozen client's locks (an Idempotency-Key held
 * in progress) are free again well within 30 s.
 */
export const ENCLOSING_IDLE_TIMEOUT = '20s';

interface Enclosing {
  readonly runner: QueryRunner;
  open: boolean;
}

const enclosingScopes = new AsyncLocalStorage<Enclosing>();

function openEnclosing(): Enclosing | undefined {
  const scope = enclosingScopes.getStore();
  return scope?.open === true ? scope : undefined;
}

/**
 * How many distinct statement texts a data source names, so each of its connections keeps at most
 * that many prepared (tens of kilobytes of server memory each, with a plan). The app's 63
 * `dataSource.query` sites send a few dozen texts in practice (the list filters make some of them
 * several); past the limit a new text runs unnamed, parsed and planned each time as before.
 */
export const STATEMENT_NAMES_LIMIT = 200;

/** One name per statement text, for the data source's lifetime; undefined once the limit is reached. */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit: number) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = `pooled_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/** `run`, run again after a retryable conflict; on the way that succeeds, one `catch` more and no pause. */
function retryingConflicts<T>(run: () => Promise<T>, attempt = 1): Promise<T> {
  return run().catch(async (error: unknown) => {
    if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
    // A random pause, so the two sides of a deadlock do not meet again in step.
    await sleep(Math.random() * 10 * attempt);
    return retryingConflicts(run, attempt + 1);
  });
}

function isRetryableConflict(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: unknown } | undefined)?.code;
  return (typeof code === 'string' && RETRYABLE_SQLSTATES.has(code)) || isStalePlan(error.driverError);
}

/** PostgreSQL's refusal of a prepared statement whose result columns changed type since it was prepared. */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result');
}
