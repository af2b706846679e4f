import { DataSource } from 'typeorm';
import { insertExistingDeployment, MigratedDatabase, migratedOver } from '../support/migrations';

const ROLES_AND_API_KEYS = 1795603713370;

/**
 * RolesAndApiKeys makes every existing membership an ADMIN (it keeps every right it had), dated
 * from its account's creation; existing credentials and sessions stay live callers; the migration
 * also goes down and up again.
 */
describe('migration RolesAndApiKeys', () => {
  const ids = {
    account: '00000000-0000-4000-8000-0000000000a9',
    member: '00000000-0000-4000-8000-0000000000b9',
    deployment: '00000000-0000-4000-8000-0000000000d9',
  };
  const session = '00000000-0000-4000-8000-0000000000e9';
  let migrated: MigratedDatabase | undefined;
  let db: DataSource;

  beforeAll(async () => {
    migrated = await migratedOver(`roles_${Date.now().toString(36)}`, ROLES_AND_API_KEYS, async (before) => {
      await insertExistingDeployment(before, ids);
      await before.query(
        `INSERT INTO member_credentials (member_id, api_key_sha256, api_secret_scrypt) VALUES ($1, 'digest-9', 'x')`,
        [ids.member],
      );
      await before.query(
        `INSERT INTO auth_sessions (id, member_id, refresh_jti, refresh_expires_at)
         VALUES ($1, $2, gen_random_uuid(), now() + interval '1 hour')`,
        [session, ids.member],
      );
      await before.query(`UPDATE accounts SET created_at = '2026-01-02T03:04:05Z' WHERE id = $1`, [ids.account]);
    });
    db = migrated.db;
  });

  afterAll(async () => {
    await migrated?.drop();
  });

  it('makes existing memberships ADMIN, added when their account was created', async () => {
    expect(
      await db.query(`SELECT role, added_at, added_by FROM account_members WHERE account_id = $1`, [ids.account]),
    ).toEqual([{ role: 'ADMIN', added_at: new Date('2026-01-02T03:04:05Z'), added_by: null }]);
  });

  it('keeps the existing credential and session live, unscoped', async () => {
    const live = await db.query(
      `SELECT member_id, session_id, key_id, scopes FROM live_credentials WHERE member_id = $1 ORDER BY session_id NULLS FIRST`,
      [ids.member],
    );
    expect(live).toEqual([
      { member_id: ids.member, session_id: null, key_id: null, scopes: null },
      { member_id: ids.member, session_id: session, key_id: null, scopes: null },
    ]);
  });

  it('refuses a membership without a role or with an unknown one from now on', async () => {
    await expect(
      db.query(`INSERT INTO account_members (account_id, member_id) VALUES ($1, $2)`, [ids.account, ids.member]),
    ).rejects.toThrow(/role/);
    await expect(
      db.query(`UPDATE account_members SET role = 'OWNER' WHERE account_id = $1`, [ids.account]),
    ).rejects.toThrow(/ck_account_members_role/);
  });

  it('goes down without a trace and up again', async () => {
    await db.undoLastMigration({ transaction: 'each' });
    const left = await db.query(
      `SELECT relname FROM pg_class WHERE relname IN ('api_keys', 'live_credentials')
       UNION ALL SELECT column_name FROM information_schema.columns
        WHERE table_name IN ('account_members', 'auth_sessions') AND column_name IN ('role', 'added_at', 'added_by', 'api_key_id')`,
    );
    expect(left).toEqual([]);
    await db.runMigrations({ transaction: 'each' });
    expect(await db.query(`SELECT role FROM account_members WHERE account_id = $1`, [ids.account])).toEqual([
      { role: 'ADMIN' },
    ]);
  });
});
