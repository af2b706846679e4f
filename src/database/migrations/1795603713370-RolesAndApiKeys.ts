import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles per membership (every existing membership becomes ADMIN: it keeps every right it had),
 * scoped API keys bound to one account, the key a token session was opened with, and
 * `live_credentials`: the one definition of "a live credential" that every caller lookup reads.
 */
export class RolesAndApiKeys1795603713370 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE account_members
        ADD COLUMN role text NOT NULL DEFAULT 'ADMIN',
        ADD COLUMN added_at timestamptz(3) NOT NULL DEFAULT now(),
        ADD COLUMN added_by uuid,
        ADD CONSTRAINT ck_account_members_role CHECK (role IN ('ADMIN', 'OPERATOR', 'VIEWER')),
        ADD CONSTRAINT fk_account_members_added_by FOREIGN KEY (added_by) REFERENCES members (id) ON DELETE SET NULL`);
    // New memberships always name their role; the default only migrated the existing ones.
    await q.query(`ALTER TABLE account_members ALTER COLUMN role DROP DEFAULT`);
    await q.query(`UPDATE account_members am SET added_at = a.created_at FROM accounts a WHERE a.id = am.account_id`);
    await q.query(`CREATE INDEX ix_account_members_added_by ON account_members (added_by)`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid NOT NULL,
        account_id uuid NOT NULL,
        member_id uuid NOT NULL,
        name text NOT NULL,
        scopes text[] NOT NULL,
        deployment_ids uuid[],
        expires_at timestamptz(3),
        key_prefix text NOT NULL,
        api_key_sha256 text NOT NULL,
        api_secret_scrypt text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        last_used_at timestamptz(3),
        revoked_at timestamptz(3),
        CONSTRAINT pk_api_keys PRIMARY KEY (id),
        CONSTRAINT uq_api_keys_api_key UNIQUE (api_key_sha256),
        CONSTRAINT fk_api_keys_account FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE,
        CONSTRAINT fk_api_keys_member FOREIGN KEY (member_id) REFERENCES members (id) ON DELETE CASCADE,
        CONSTRAINT ck_api_keys_name CHECK (char_length(name) BETWEEN 1 AND 64),
        CONSTRAINT ck_api_keys_scopes CHECK (
          cardinality(scopes) > 0
          AND scopes <@ ARRAY['read', 'invoices:write', 'payouts:write', 'operations:write', 'settings:write']::text[])
      )`);
    await q.query(`CREATE INDEX ix_api_keys_account_member ON api_keys (account_id, member_id)`);
    await q.query(`CREATE INDEX ix_api_keys_member ON api_keys (member_id)`);

    await q.query(`
      ALTER TABLE auth_sessions
        ADD COLUMN api_key_id uuid,
        ADD CONSTRAINT fk_auth_sessions_api_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE`);
    await q.query(`CREATE INDEX ix_auth_sessions_api_key ON auth_sessions (api_key_id) WHERE api_key_id IS NOT NULL`);

    // Each branch is filtered by its own unique key (a digest, or a session id), and PostgreSQL
    // pushes the caller's WHERE into every branch: a lookup stays one index probe.
    await q.query(`
      CREATE VIEW live_credentials AS
        SELECT c.api_key_sha256, NULL::uuid AS session_id, c.member_id,
               NULL::uuid AS key_id, NULL::text[] AS scopes, NULL::uuid AS account_id,
               NULL::uuid[] AS deployment_ids, NULL::timestamptz(3) AS last_used_at
          FROM member_credentials c
        UNION ALL
        SELECT k.api_key_sha256, NULL::uuid, k.member_id,
               k.id, k.scopes, k.account_id, k.deployment_ids, k.last_used_at
          FROM api_keys k
         WHERE k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
        UNION ALL
        SELECT NULL::text, s.id, s.member_id,
               k.id, k.scopes, k.account_id, k.deployment_ids, k.last_used_at
          FROM auth_sessions s LEFT JOIN api_keys k ON k.id = s.api_key_id
         WHERE s.revoked_at IS NULL
           AND (s.api_key_id IS NULL OR (k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW live_credentials`);
    await q.query(`ALTER TABLE auth_sessions DROP COLUMN api_key_id`);
    await q.query(`DROP TABLE api_keys`);
    await q.query(`ALTER TABLE account_members DROP COLUMN added_by, DROP COLUMN added_at, DROP COLUMN role`);
  }
}
