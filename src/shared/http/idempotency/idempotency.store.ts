import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Stored responses live this long (SPEC §13). */
export const IDEMPOTENCY_TTL_HOURS = 24;

export interface IdempotencyScope {
  /** SHA-256 of the credential, never the credential. */
  readonly credentialHash: string;
  readonly method: string;
  readonly path: string;
  readonly key: string;
}

export type Reservation =
  | { readonly kind: 'owner' }
  | { readonly kind: 'in_progress'; readonly requestHash: string }
  | { readonly kind: 'completed'; readonly requestHash: string; readonly status: number; readonly body: string | null };

interface KeyRow {
  request_hash: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  response_status: number | null;
  response_body: string | null;
}

const SCOPE = `credential_hash = $1 AND method = $2 AND path = $3 AND idempotency_key = $4`;

/**
 * Idempotency keys in PostgreSQL. `reserve` inserts the key's row before the handler runs: the
 * primary key lets exactly one of any number of concurrent requests insert it (the others wait
 * for its insert to commit and then see it), so ownership is decided by the database, not by a
 * read followed by a write.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly dataSource: DataSource) {}

  async reserve(scope: IdempotencyScope, requestHash: string): Promise<Reservation> {
    for (let round = 0; round < 2; round += 1) {
      // TypeORM answers an INSERT … RETURNING with the rows.
      const inserted: unknown[] = await this.dataSource.query(
        `INSERT INTO idempotency_keys (credential_hash, method, path, idempotency_key, request_hash, status, expires_at)
         VALUES ($1, $2, $3, $4, $5, 'IN_PROGRESS', now() + interval '${IDEMPOTENCY_TTL_HOURS} hours')
         ON CONFLICT ON CONSTRAINT pk_idempotency_keys DO NOTHING
         RETURNING 1 AS inserted`,
        [scope.credentialHash, scope.method, scope.path, scope.key, requestHash],
      );
      if (inserted.length > 0) return { kind: 'owner' };
      const rows: (KeyRow & { expired: boolean })[] = await this.dataSource.query(
        `SELECT request_hash, status, response_status, response_body, expires_at <= now() AS expired
           FROM idempotency_keys WHERE ${SCOPE}`,
        [scope.credentialHash, scope.method, scope.path, scope.key],
      );
      const row = rows[0];
      // Gone between the insert and the read (released after a failure): try to take it again.
      if (row === undefined) continue;
      if (row.expired) {
        await this.dataSource.query(`DELETE FROM idempotency_keys WHERE ${SCOPE} AND expires_at <= now()`, [
          scope.credentialHash,
          scope.method,
          scope.path,
          scope.key,
        ]);
        continue;
      }
      if (row.status === 'IN_PROGRESS') return { kind: 'in_progress', requestHash: row.request_hash };
      return {
        kind: 'completed',
        requestHash: row.request_hash,
        status: row.response_status ?? 200,
        body: row.response_body,
      };
    }
    // Twice released or expired under our hands: as good as in use.
    return { kind: 'in_progress', requestHash: '' };
  }

  async complete(scope: IdempotencyScope, status: number, body: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status = 'COMPLETED', response_status = $5, response_body = $6 WHERE ${SCOPE}`,
      [scope.credentialHash, scope.method, scope.path, scope.key, status, body],
    );
  }

  /** The request failed and changed nothing: the key is free for a retry. */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE ${SCOPE} AND status = 'IN_PROGRESS'`, [
      scope.credentialHash,
      scope.method,
      scope.path,
      scope.key,
    ]);
  }

  /** Drops expired keys; run now and then. */
  async sweep(): Promise<number> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE expires_at <= now()`,
    );
    return count;
  }
}
