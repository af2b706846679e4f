import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthSessionRecord, AuthSessionRepository, WalletSessionRecord } from '../domain/auth-session.repository';

@Injectable()
export class TypeOrmAuthSessionRepository extends AuthSessionRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async create(session: AuthSessionRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO auth_sessions (id, member_id, refresh_jti, refresh_expires_at, api_key_id) VALUES ($1, $2, $3, $4, $5)`,
      [session.id, session.memberId, session.refreshJti, session.refreshExpiresAt, session.apiKeyId],
    );
  }

  async rotate(
    sessionId: string,
    memberId: string,
    presentedJti: string,
    next: { jti: string; expiresAt: Date },
  ): Promise<boolean> {
    // Concurrent updates of the row queue on its lock and re-check the WHERE clause against the
    // winner's version, so every loser sees a different refresh_jti and matches nothing.
    const [, updated] = (await this.dataSource.query(
      `UPDATE auth_sessions SET refresh_jti = $4, refresh_expires_at = $5, updated_at = now()
        WHERE id = $1 AND member_id = $2 AND refresh_jti = $3 AND revoked_at IS NULL AND refresh_expires_at > now()
          AND id IN (SELECT session_id FROM live_credentials WHERE session_id = $1)`,
      [sessionId, memberId, presentedJti, next.jti, next.expiresAt],
    )) as [unknown[], number];
    return updated === 1;
  }

  async revokeOnReuse(sessionId: string, memberId: string, presentedJti: string): Promise<boolean> {
    const [, revoked] = (await this.dataSource.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'refresh_reuse', updated_at = now()
        WHERE id = $1 AND member_id = $2 AND refresh_jti <> $3 AND revoked_at IS NULL`,
      [sessionId, memberId, presentedJti],
    )) as [unknown[], number];
    return revoked === 1;
  }

  async openWalletSession(manager: EntityManager, session: WalletSessionRecord): Promise<void> {
    await manager.query(
      `INSERT INTO auth_sessions (id, member_id, refresh_jti, refresh_expires_at, kind) VALUES ($1, $2, $3, $4, 'wallet')`,
      [session.id, session.memberId, session.jti, session.expiresAt],
    );
  }

  async walletSessionExpiry(sessionId: string, memberId: string): Promise<Date | undefined> {
    const rows: { refresh_expires_at: Date }[] = await this.dataSource.query(
      `SELECT refresh_expires_at FROM auth_sessions
        WHERE id = $1 AND member_id = $2 AND kind = 'wallet' AND revoked_at IS NULL AND refresh_expires_at > now()`,
      [sessionId, memberId],
    );
    return rows[0]?.refresh_expires_at;
  }

  async endWalletSession(sessionId: string, memberId: string): Promise<boolean> {
    const [, ended] = (await this.dataSource.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'signed_out', updated_at = now()
        WHERE id = $1 AND member_id = $2 AND kind = 'wallet' AND revoked_at IS NULL`,
      [sessionId, memberId],
    )) as [unknown[], number];
    return ended === 1;
  }
}
