import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request spent of the service, as its rate-limit charge counts it (see RateLimitGuard):
 * the time it waited on others, which is not its own work, and the database time of a streamed
 * answer, which is.
 */
export interface RequestWork {
  /** Queued for a pool connection, or in a statement that takes locks other requests may hold. */
  waitedMs: number;
  /** Inside the statements of a streamed answer (an export's cursor, on its own connection). */
  streamedStatementMs: number;
}

interface RequestContext {
  readonly requestId: string;
  /** The client's IP address (from X-Forwarded-For only with TRUST_PROXY). */
  readonly clientAddress?: string;
  readonly work: RequestWork;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The address of the client whose request is being handled; undefined outside a request (the CLI, workers). */
export function currentClientAddress(): string | undefined {
  return storage.getStore()?.clientAddress;
}

/** The current request's work counters; undefined outside a request (workers, start-up). */
export function currentRequestWork(): RequestWork | undefined {
  return storage.getStore()?.work;
}
