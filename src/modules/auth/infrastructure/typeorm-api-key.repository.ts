import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiKeyRecord, ApiKeyRepository, NewApiKey } from '../domain/api-key.repository';
import type { Scope } from '../domain/rights';

interface ApiKeyRow {
  id: string;
  account_id: string;
  member_id: string;
  owner: string;
  name: string;
  scopes: Scope[];
  deployment_ids: string[] | null;
  expires_at: Date | null;
  created_at: Date;
  last_used_at: Date | null;
  key_prefix: string;
  revoked_at: Date | null;
}

const COLUMNS = `k.id, k.account_id, k.member_id, m.address AS owner, k.name, k.scopes, k.deployment_ids, k.expires_at,
  k.created_at, k.last_used_at, k.key_prefix, k.revoked_at`;

const toRecord = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  accountId: row.account_id,
  memberId: row.member_id,
  owner: row.owner,
  name: row.name,
  scopes: row.scopes,
  deploymentIds: row.deployment_ids,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  keyPrefix: row.key_prefix,
  revokedAt: row.revoked_at,
});

/** Ends the token sessions opened with the keys a statement revoked (`revoked` is its RETURNING). */
const END_SESSIONS = `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'api_key_revoked', updated_at = now()
  WHERE api_key_id IN (SELECT id FROM revoked) AND revoked_at IS NULL`;

@Injectable()
export class TypeOrmApiKeyRepository extends ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(manager: EntityManager, key: NewApiKey): Promise<ApiKeyRecord> {
    const rows: ApiKeyRow[] = await manager.query(
      `WITH k AS (
         INSERT INTO api_keys (id, account_id, member_id, name, scopes, deployment_ids, expires_at, key_prefix,
                               api_key_sha256, api_secret_scrypt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         RETURNING *)
       SELECT ${COLUMNS} FROM k JOIN members m ON m.id = k.member_id`,
      [
        key.id,
        key.accountId,
        key.memberId,
        key.name,
        key.scopes,
        key.deploymentIds,
        key.expiresAt,
        key.keyPrefix,
        key.apiKeyDigest,
        key.apiSecretHash,
      ],
    );
    return toRecord(rows[0]);
  }

  async list(accountId: string, memberId: string | undefined): Promise<ApiKeyRecord[]> {
    const rows: ApiKeyRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM api_keys k JOIN members m ON m.id = k.member_id
        WHERE k.account_id = $1 AND ($2::uuid IS NULL OR k.member_id = $2) AND k.revoked_at IS NULL
        ORDER BY k.created_at, k.id`,
      [accountId, memberId ?? null],
    );
    return rows.map(toRecord);
  }

  async lock(manager: EntityManager, accountId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    const rows: ApiKeyRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM api_keys k JOIN members m ON m.id = k.member_id
        WHERE k.account_id = $1 AND k.id = $2 FOR UPDATE OF k`,
      [accountId, keyId],
    );
    return rows[0] && toRecord(rows[0]);
  }

  async revoke(manager: EntityManager, keyId: string): Promise<void> {
    await manager.query(
      `WITH revoked AS (UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id)
       ${END_SESSIONS}`,
      [keyId],
    );
  }

  async revokeMemberKeys(manager: EntityManager, accountId: string, memberId: string): Promise<void> {
    await manager.query(
      `WITH revoked AS (
         UPDATE api_keys SET revoked_at = now()
          WHERE account_id = $1 AND member_id = $2 AND revoked_at IS NULL RETURNING id)
       ${END_SESSIONS}`,
      [accountId, memberId],
    );
  }
}
