import { QueryFailedError } from 'typeorm';

/** SQLSTATE classes and codes that mean "the store cannot serve now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement timeout)
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: "database is not accepting connections"
  '3D000', // invalid_catalog_name: the database is gone
  // A deadlock or serialization failure that PooledDataSource ran again every time it may: the
  // request is sound, the store is too busy with its neighbours to serve it now.
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);

const UNAVAILABLE_MESSAGES =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|already been released to the pool|the database system is (starting up|shutting down)/i;

/**
 * TypeORM's own errors when the connection under a query runner went away (a database restart
 * mid-request: the runner is released while the request still holds it), or was never there.
 */
const UNAVAILABLE_ERROR_NAMES = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
  'CannotExecuteNotConnectedError',
  'ConnectionIsNotSetError',
]);

export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE_ERROR_NAMES.has(error.name) || UNAVAILABLE_ERROR_NAMES.has(error.constructor.name)) return true;
  const code =
    (error as { code?: unknown }).code ??
    (error as QueryFailedError & { driverError?: { code?: unknown } }).driverError?.code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code))) return true;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && UNAVAILABLE_MESSAGES.test(code)) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}
