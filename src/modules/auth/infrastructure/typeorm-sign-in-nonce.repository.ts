import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { NonceUse } from '../domain/sign-in-policy';
import { SignInNonceRepository } from '../domain/sign-in-nonce.repository';

/** How long a nonce is kept after it expired, so a late sign-in hears "expired" or "used", not "unknown". */
const KEPT_AFTER_EXPIRY = '1 hour';
/** Expired nonces forgotten per issue: a bounded amount of work on every request, more than are issued. */
const PRUNED_PER_ISSUE = 20;

@Injectable()
export class TypeOrmSignInNonceRepository extends SignInNonceRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async issue(nonce: string, expiresAt: Date, now: Date): Promise<void> {
    await this.dataSource.query(
      `WITH pruned AS (
         DELETE FROM sign_in_nonces
          WHERE nonce IN (SELECT nonce FROM sign_in_nonces
                           WHERE expires_at < $3::timestamptz - interval '${KEPT_AFTER_EXPIRY}'
                           ORDER BY expires_at LIMIT ${PRUNED_PER_ISSUE})
       )
       INSERT INTO sign_in_nonces (nonce, expires_at, created_at) VALUES ($1, $2, $3)`,
      [nonce, expiresAt, now],
    );
  }

  async consume(manager: EntityManager, nonce: string, now: Date): Promise<NonceUse> {
    // A concurrent consumer waits on the row's lock and then re-checks used_at: only one matches.
    const [, consumed] = (await manager.query(
      `UPDATE sign_in_nonces SET used_at = $2 WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2`,
      [nonce, now],
    )) as [unknown[], number];
    if (consumed === 1) return 'consumed';
    const rows: { used: boolean }[] = await manager.query(
      `SELECT used_at IS NOT NULL AS used FROM sign_in_nonces WHERE nonce = $1`,
      [nonce],
    );
    if (rows.length === 0) return 'unknown';
    return rows[0].used ? 'used' : 'expired';
  }
}
