import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { PooledDataSource } from '../../../database/pooled-data-source';

/** Stored responses live this long (docs/contract.md, Merchants). */
export const IDEMPOTENCY_TTL_HOURS = 24;

export interface IdempotencyScope {
  /** SHA-256 of the credential, never the credential. */
  readonly credentialHash: string;
  readonly method: string;
  readonly path: string;
  readonly key: string;
}

export interface StoredResponse {
  readonly status: number;
  /** The JSON body, or null for an empty one. */
  readonly body: string | null;
}

export type Outcome<T> =
  /** The write ran here and committed together with its stored response. */
  | { readonly kind: 'ran'; readonly value: T }
  /** A committed earlier request with this key and this request: its response. */
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  /** A committed earlier request with this key and another request. */
  | { readonly kind: 'reused' }
  /** A request with this key is running right now. */
  | { readonly kind: 'in_use' };

interface KeyRow {
  request_hash: string;
  response_status: number;
  response_body: string | null;
  expired: boolean;
}

const SCOPE = `credential_hash = $1 AND method = $2 AND path = $3 AND idempotency_key = $4`;

/**
 * Idempotency keys that follow the write's own database transaction.
 *
 * `once` runs the whole request in one enclosing transaction (`PooledDataSource.enclosingTransaction`):
 * the use case's own transactions become savepoints in it, and the key's row, holding the response,
 * is inserted in it after the handler has answered. So the write and its stored response commit
 * together: a committed write always replays, and a write that did not commit (the handler failed,
 * the process died, PostgreSQL went away) left no row, so the key is free for the retry.
 *
 * "In progress" is not a row but a transaction-scoped advisory lock on the key, taken first: a
 * concurrent request with the same key fails to take it and gets `in_use`. The lock belongs to the
 * request's database session, so it ends with the request, or with the session when the process
 * dies (at once: its socket closes) or freezes (PostgreSQL ends a session idle in its transaction
 * after 20 s). Nothing can be left in progress by a request that is gone.
 */
@Injectable()
export class IdempotencyStore {
  private readonly dataSource: PooledDataSource;

  constructor(dataSource: DataSource) {
    if (!(dataSource instanceof PooledDataSource)) throw new Error('Idempotency keys need the PooledDataSource');
    this.dataSource = dataSource;
  }

  async once<T>(
    scope: IdempotencyScope,
    requestHash: string,
    write: () => Promise<{ value: T; response: StoredResponse }>,
  ): Promise<Outcome<T>> {
    try {
      return await this.dataSource.enclosingTransaction(async (manager) => {
        if (!(await this.lockKey(manager, scope))) return { kind: 'in_use' };
        const earlier = await this.storedResponse(manager, scope);
        if (earlier !== undefined) {
          if (earlier.request_hash !== requestHash) throw new Finished({ kind: 'reused' });
          throw new Finished({
            kind: 'replay',
            response: { status: earlier.response_status, body: earlier.response_body },
          });
        }
        const { value, response } = await write();
        await manager.query(
          `INSERT INTO idempotency_keys
             (credential_hash, method, path, idempotency_key, request_hash, response_status, response_body, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '${IDEMPOTENCY_TTL_HOURS} hours')`,
          [scope.credentialHash, scope.method, scope.path, scope.key, requestHash, response.status, response.body],
        );
        return { kind: 'ran', value };
      });
    } catch (error) {
      // A replay or a refusal wrote nothing: thrown so the enclosing transaction rolls back.
      if (error instanceof Finished) return error.outcome;
      throw error;
    }
  }

  /** Drops expired keys; run now and then. */
  async sweep(): Promise<number> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE expires_at <= now()`,
    );
    return count;
  }

  private async lockKey(manager: EntityManager, scope: IdempotencyScope): Promise<boolean> {
    const rows: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1::bigint) AS locked`, [
      advisoryKey(scope),
    ]);
    return rows[0].locked;
  }

  /** The key's committed response; an expired one is deleted (in this transaction) and not returned. */
  private async storedResponse(manager: EntityManager, scope: IdempotencyScope): Promise<KeyRow | undefined> {
    const params = [scope.credentialHash, scope.method, scope.path, scope.key];
    const rows: KeyRow[] = await manager.query(
      `SELECT request_hash, response_status, response_body, expires_at <= now() AS expired
         FROM idempotency_keys WHERE ${SCOPE}`,
      params,
    );
    const row = rows[0];
    if (row?.expired !== true) return row;
    await manager.query(`DELETE FROM idempotency_keys WHERE ${SCOPE}`, params);
    return undefined;
  }
}

/** Ends the enclosing transaction early, with nothing written. */
class Finished extends Error {
  constructor(readonly outcome: Outcome<never>) {
    super(outcome.kind);
  }
}

/**
 * The key's advisory lock id: 64 bits of a SHA-256 of its scope. Two keys sharing an id (one chance
 * in 2^64 per pair) would only make one of them wait for the other with a 409.
 */
function advisoryKey(scope: IdempotencyScope): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([scope.credentialHash, scope.method, scope.path, scope.key]), 'utf8')
    .digest();
  return digest.readBigInt64BE(0).toString();
}
