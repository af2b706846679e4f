import { Client } from 'pg';
import { AuditLog } from '../../src/modules/audit/application/audit-log';
import { AuditEvent } from '../../src/modules/audit/domain/audit-event';
import { createDeployment, createMember, TestDeployment } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

interface StoredRow {
  action: string;
  actor_address: string;
  actor_via: string;
  request_id: string | null;
  client_address: string | null;
}

describe('the audit log port and table', () => {
  let t: TestApp;
  let d: TestDeployment;
  let log: AuditLog;

  beforeAll(async () => {
    t = await createTestApp();
    d = await createDeployment(t);
    log = t.app.get(AuditLog);
  });
  afterAll(() => t?.close());

  const event = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
    accountId: d.accountId,
    action: 'ACCOUNT_RENAMED',
    actor: { address: d.members[0].address, via: 'API_KEY', keyId: null },
    target: { type: 'account', id: d.accountId },
    changes: { name: { from: 'a', to: 'b' } },
    ...overrides,
  });

  const rowsOf = (accountId: string): Promise<StoredRow[]> =>
    t.dataSource.query(
      `SELECT action, actor_address, actor_via, request_id, client_address FROM audit_events WHERE account_id = $1`,
      [accountId],
    );

  it('writes in the caller’s transaction: committed with it, nothing when it rolls back', async () => {
    const own = await createDeployment(t, { memberCount: 1 });
    await t.dataSource.transaction((manager) => log.record(manager, event({ accountId: own.accountId })));
    await expect(
      t.dataSource.transaction(async (manager) => {
        await log.record(manager, event({ accountId: own.accountId, action: 'CALLBACK_SECRET_ROTATED' }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf(own.accountId)).toEqual([
      // Outside an HTTP request (the CLI, a test): no request id, no client address.
      {
        action: 'ACCOUNT_RENAMED',
        actor_address: d.members[0].address,
        actor_via: 'API_KEY',
        request_id: null,
        client_address: null,
      },
    ]);
  });

  it('records a member-wide event in each account of the member, and none for a member of none', async () => {
    const first = await createDeployment(t, { memberCount: 1 });
    const member = first.members[0];
    const second = await createDeployment(t, { memberCount: 1 });
    await t.dataSource.query(
      `INSERT INTO account_members (account_id, member_id, role) SELECT $1, id, 'VIEWER' FROM members WHERE address = $2`,
      [second.accountId, member.address],
    );
    const [{ id: memberId }]: { id: string }[] = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [
      member.address,
    ]);
    await t.dataSource.transaction((manager) =>
      log.recordInAccountsOf(manager, memberId, {
        action: 'CREDENTIALS_REGENERATED',
        actor: { address: member.address, via: 'CLI', keyId: null },
        target: { type: 'member', id: member.address },
      }),
    );
    expect((await rowsOf(first.accountId)).map((row) => row.action)).toEqual(['CREDENTIALS_REGENERATED']);
    expect((await rowsOf(second.accountId)).map((row) => row.action)).toEqual(['CREDENTIALS_REGENERATED']);

    const loner = await createMember(t);
    const [{ id: lonerId }]: { id: string }[] = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [
      loner.address,
    ]);
    await t.dataSource.transaction((manager) =>
      log.recordInAccountsOf(manager, lonerId, {
        action: 'CREDENTIALS_REGENERATED',
        actor: { address: loner.address, via: 'CLI', keyId: null },
        target: { type: 'member', id: loner.address },
      }),
    );
    const [{ n }]: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE actor_address = $1`,
      [loner.address],
    );
    expect(n).toBe(0);
  });

  it('refuses to record a change that names a secret, and the change with it', async () => {
    const own = await createDeployment(t, { memberCount: 1 });
    await expect(
      t.dataSource.transaction((manager) =>
        log.record(manager, event({ accountId: own.accountId, changes: { secret: 'whsec_x' } })),
      ),
    ).rejects.toThrow('would record a secret');
    expect(await rowsOf(own.accountId)).toEqual([]);
  });

  describe('append-only, enforced by the database', () => {
    beforeAll(() => t.dataSource.transaction((manager) => log.record(manager, event())));

    it.each([
      ['UPDATE', `UPDATE audit_events SET action = 'INVOICE_CREATED'`],
      ['UPDATE', `UPDATE audit_events SET changes = NULL WHERE false`],
      ['DELETE', `DELETE FROM audit_events`],
      ['DELETE', `DELETE FROM audit_events WHERE false`],
      ['TRUNCATE', `TRUNCATE audit_events`],
      ['TRUNCATE', `TRUNCATE audit_events CASCADE`],
    ])('%s is refused for the service’s own role: %s', async (operation, sql) => {
      const before = await rowsOf(d.accountId);
      expect(before.length).toBeGreaterThan(0);
      await expect(t.dataSource.query(sql)).rejects.toMatchObject({
        message: `audit_events is append-only: ${operation} is refused`,
      });
      expect(await rowsOf(d.accountId)).toEqual(before);
    });

    it('holds with replication triggers switched off, and for the table’s owner', async () => {
      const client = new Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      try {
        const [{ owner, me }] = (
          await client.query<{ owner: string; me: string }>(
            `SELECT tableowner AS owner, current_user AS me FROM pg_tables WHERE tablename = 'audit_events'`,
          )
        ).rows;
        expect(me).toBe(owner);
        await client.query(`SET session_replication_role = replica`);
        await expect(client.query(`DELETE FROM audit_events`)).rejects.toThrow(/append-only: DELETE/);
        await expect(client.query(`UPDATE audit_events SET action = action`)).rejects.toThrow(/append-only: UPDATE/);
        await expect(client.query(`TRUNCATE audit_events`)).rejects.toThrow(/append-only: TRUNCATE/);
      } finally {
        await client.end();
      }
      expect((await rowsOf(d.accountId)).length).toBeGreaterThan(0);
    });
  });
});
