import type { Pool, PoolClient } from 'pg';
import { currentRequestWork } from '../shared/logging/request-context';

/**
 * Statements that take row or advisory locks another request may hold (writes, `SELECT … FOR
 * UPDATE/SHARE`, advisory locks), so that their time is mostly waiting when two requests meet.
 */
const LOCKING =
  /\bFOR\s+(?:NO\s+KEY\s+)?UPDATE\b|\bFOR\s+(?:KEY\s+)?SHARE\b|\bpg_(?:try_)?advisory|\bLOCK\s+TABLE\b|\bINSERT\s+INTO\b|\bUPDATE\s+"?\w+"?\s+(?:AS\s+\w+\s+)?SET\b|\bDELETE\s+FROM\b/i;

/** Texts whose answer is remembered: the app sends a few dozen, the list filters make some several. */
const REMEMBERED_TEXTS = 1_000;
const lockingByText = new Map<string, boolean>();

/** Whether `sql` takes locks; asked of every statement a request runs, so answered once per text. */
export function takesLocks(sql: string): boolean {
  let locking = lockingByText.get(sql);
  if (locking === undefined) {
    locking = LOCKING.test(sql);
    if (lockingByText.size < REMEMBERED_TEXTS) lockingByText.set(sql, locking);
  }
  return locking;
}

type Callback = (...results: unknown[]) => void;

/**
 * Tells the current request (see RequestWork) how long it waited on others, so the rate limit
 * charges it for its own work only: the time queued for one of the pool's connections, and the
 * time inside statements that take locks (where a request behind another's row lock spends all of
 * it waiting). Reads, the costly part of everything a member can ask for, are charged in full.
 * Wraps the pool's `connect` and each new connection's `query`, both callback and promise forms,
 * as TypeORM and the pooled shortcut call them; outside a request nothing is counted.
 */
export function meterRequestWaits(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: Callback) => Promise<PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (callback?: Callback) => {
    const work = currentRequestWork();
    const started = performance.now();
    const taken = (client: unknown) => {
      if (work !== undefined) work.waitedMs += performance.now() - started;
      if (client !== undefined && client !== null) meterLockingStatements(client as PoolClient);
    };
    if (callback !== undefined) {
      return connect((error, client, release) => {
        taken(client);
        callback(error, client, release);
      });
    }
    return connect()!.then(
      (client) => {
        taken(client);
        return client;
      },
      (error: unknown) => {
        taken(undefined);
        throw error;
      },
    );
  };
}

const metered = new WeakSet<PoolClient>();

function meterLockingStatements(client: PoolClient): void {
  if (metered.has(client)) return;
  metered.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const work = currentRequestWork();
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text;
    if (work === undefined || typeof text !== 'string' || !takesLocks(text)) return query(...args);
    const started = performance.now();
    const note = () => (work.waitedMs += performance.now() - started);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        note();
        (last as Callback)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          note();
          return value;
        },
        (error: unknown) => {
          note();
          throw error;
        },
      );
    }
    return result;
  };
}
