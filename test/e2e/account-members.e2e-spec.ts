import request from 'supertest';
import { createDeployment, createMember, evmWallet, TestDeployment, TestMember } from '../support/builders';
import { invoiceBody, invoicesPath } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';
import { obtainTokens } from '../support/token-client';

const membersPath = (accountId: string) => `/api/v1/accounts/${accountId}/members`;

describe('account members and roles (docs/authentication.md, Members)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });
  const setRole = (d: TestDeployment, admin: TestMember, member: TestMember, role: string) =>
    request(t.http)
      .patch(`${membersPath(d.accountId)}/${member.address}`)
      .set(as(admin))
      .send({ role });
  const listMembers = async (d: TestDeployment, member: TestMember = d.members[0]) =>
    (await request(t.http).get(membersPath(d.accountId)).set(as(member)).expect(200)).body as {
      address: string;
      role: string;
    }[];

  it('lists every member with its role; members created by the CLI are ADMINs, approvers show their chains', async () => {
    const d = await createDeployment(t, { memberCount: 3, approverCount: 2 });
    const res = await request(t.http).get(membersPath(d.accountId)).set(as(d.members[2])).expect(200);
    expect(res.body).toHaveLength(3);
    for (const member of d.members) {
      expect(res.body).toContainEqual({
        address: member.address,
        role: 'ADMIN',
        addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        addedBy: null,
        approverOn: d.approvers.includes(member) ? ['1'] : [],
      });
    }
  });

  it('an ADMIN adds a member (even an address with no credential yet): 201, then 409 MEMBER_EXISTS', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const newcomer = evmWallet();
    const res = await request(t.http)
      .post(membersPath(d.accountId))
      .set(as(d.members[0]))
      .send({ address: newcomer.address.toLowerCase(), role: 'VIEWER' })
      .expect(201);
    expect(res.body).toMatchObject({ address: newcomer.address, role: 'VIEWER', addedBy: d.members[0].address });
    const again = await request(t.http)
      .post(membersPath(d.accountId))
      .set(as(d.members[0]))
      .send({ address: newcomer.address, role: 'ADMIN' })
      .expect(409);
    expect(again.body).toMatchObject({ code: 'MEMBER_EXISTS' });
    expect((await listMembers(d)).find((m) => m.address === newcomer.address)?.role).toBe('VIEWER');
  });

  it.each([
    ['no role', { address: evmWallet().address }, 'VALIDATION_FAILED'],
    ['an unknown role', { address: evmWallet().address, role: 'OWNER' }, 'VALIDATION_FAILED'],
    ['a lowercase role', { address: evmWallet().address, role: 'admin' }, 'VALIDATION_FAILED'],
    ['a malformed address', { address: '0x1234', role: 'VIEWER' }, 'INVALID_ADDRESS'],
    ['an address that is not a string', { address: 42, role: 'VIEWER' }, 'VALIDATION_FAILED'],
    ['an unknown field', { address: evmWallet().address, role: 'VIEWER', admin: true }, 'VALIDATION_FAILED'],
  ])('adding with %s is a 400 that changes nothing', async (_label, body, code) => {
    const d = await createDeployment(t, { memberCount: 1 });
    const res = await request(t.http).post(membersPath(d.accountId)).set(as(d.members[0])).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code });
    expect(await listMembers(d)).toHaveLength(1);
  });

  it('a role change takes effect on the very next request, whatever the credential', async () => {
    const d = await createDeployment(t, { memberCount: 2 });
    const [admin, member] = d.members;
    const tokens = await obtainTokens(t.http, member.apiKey, member.apiSecret);
    await request(t.http).post(invoicesPath(d)).set(as(member)).send(invoiceBody()).expect(201);
    const demoted = await setRole(d, admin, member, 'VIEWER').expect(200);
    expect(demoted.body).toMatchObject({ address: member.address, role: 'VIEWER' });
    const byKey = await request(t.http).post(invoicesPath(d)).set(as(member)).send(invoiceBody()).expect(403);
    expect(byKey.body).toMatchObject({ code: 'ROLE_FORBIDS' });
    const byToken = await request(t.http)
      .post(invoicesPath(d))
      .set('authorization', `Bearer ${tokens.access}`)
      .send(invoiceBody())
      .expect(403);
    expect(byToken.body).toMatchObject({ code: 'ROLE_FORBIDS' });
    // A viewer still reads everything.
    await request(t.http).get(invoicesPath(d)).set(as(member)).expect(200);
    await setRole(d, admin, member, 'OPERATOR').expect(200);
    await request(t.http).post(invoicesPath(d)).set(as(member)).send(invoiceBody()).expect(201);
  });

  it('an OPERATOR or VIEWER cannot manage members (403 ROLE_FORBIDS) but may list them', async () => {
    const d = await createDeployment(t, { memberCount: 3 });
    const [admin, operator, viewer] = d.members;
    await setRole(d, admin, operator, 'OPERATOR').expect(200);
    await setRole(d, admin, viewer, 'VIEWER').expect(200);
    for (const member of [operator, viewer]) {
      const add = await request(t.http)
        .post(membersPath(d.accountId))
        .set(as(member))
        .send({ address: evmWallet().address, role: 'VIEWER' })
        .expect(403);
      expect(add.body).toMatchObject({ statusCode: 403, code: 'ROLE_FORBIDS' });
      const patch = await setRole(d, member, admin, 'VIEWER').expect(403);
      expect(patch.body).toMatchObject({ code: 'ROLE_FORBIDS' });
      const remove = await request(t.http)
        .delete(`${membersPath(d.accountId)}/${admin.address}`)
        .set(as(member))
        .expect(403);
      expect(remove.body).toMatchObject({ code: 'ROLE_FORBIDS' });
      await request(t.http).get(membersPath(d.accountId)).set(as(member)).expect(200);
    }
    expect((await listMembers(d)).find((m) => m.address === admin.address)?.role).toBe('ADMIN');
  });

  it('the last ADMIN can be neither demoted nor removed: 400 LAST_ADMIN', async () => {
    const d = await createDeployment(t, { memberCount: 2 });
    const [admin, other] = d.members;
    await setRole(d, admin, other, 'OPERATOR').expect(200);
    const demote = await setRole(d, admin, admin, 'OPERATOR').expect(400);
    expect(demote.body).toMatchObject({ statusCode: 400, code: 'LAST_ADMIN' });
    const remove = await request(t.http)
      .delete(`${membersPath(d.accountId)}/${admin.address}`)
      .set(as(admin))
      .expect(400);
    expect(remove.body).toMatchObject({ code: 'LAST_ADMIN' });
    expect((await listMembers(d)).map((m) => m.role).sort()).toEqual(['ADMIN', 'OPERATOR']);
  });

  it.each([
    ['an unknown role', { role: 'ROOT' }],
    ['no role', {}],
    ['an unknown field', { role: 'VIEWER', scopes: ['read'] }],
  ])('changing a role with %s is a 400 that changes nothing', async (_label, body) => {
    const d = await createDeployment(t, { memberCount: 2 });
    const res = await request(t.http)
      .patch(`${membersPath(d.accountId)}/${d.members[1].address}`)
      .set(as(d.members[0]))
      .send(body)
      .expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await listMembers(d)).every((m) => m.role === 'ADMIN')).toBe(true);
  });

  it('a malformed member address in the path is 400; an address that is not a member is 404 MEMBER_NOT_FOUND', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const bad = await request(t.http)
      .patch(`${membersPath(d.accountId)}/not-an-address`)
      .set(as(d.members[0]))
      .send({ role: 'VIEWER' })
      .expect(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_ADDRESS' });
    const outsider = await createMember(t);
    const patch = await setRole(d, d.members[0], outsider, 'VIEWER').expect(404);
    expect(patch.body).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    await request(t.http)
      .delete(`${membersPath(d.accountId)}/${outsider.address}`)
      .set(as(d.members[0]))
      .expect(404);
  });

  it('a non-member gets 404 on the members routes, the same as for an unknown account', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const outsider = await createMember(t);
    const foreign = await request(t.http).get(membersPath(d.accountId)).set(as(outsider)).expect(404);
    const unknown = await request(t.http)
      .get(membersPath('0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b'))
      .set(as(outsider))
      .expect(404);
    expect({ ...foreign.body, requestId: undefined }).toEqual({ ...unknown.body, requestId: undefined });
    await request(t.http)
      .post(membersPath(d.accountId))
      .set(as(outsider))
      .send({ address: outsider.address, role: 'ADMIN' })
      .expect(404);
  });

  it('a removed member loses the account at once, with every credential; no contract changes', async () => {
    const d = await createDeployment(t, { memberCount: 2, approverCount: 2 });
    const [admin, leaving] = d.members;
    const tokens = await obtainTokens(t.http, leaving.apiKey, leaving.apiSecret);
    const key = await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/api-keys`)
      .set(as(leaving))
      .send({ name: 'bot', scopes: ['read'] })
      .expect(201);
    await request(t.http).get(invoicesPath(d)).set('x-api-key', key.body.apiKey).expect(200);
    const removed = await request(t.http)
      .delete(`${membersPath(d.accountId)}/${leaving.address}`)
      .set(as(admin))
      .expect(200);
    expect(removed.body).toMatchObject({ address: leaving.address, role: 'ADMIN' });
    await request(t.http).get(invoicesPath(d)).set(as(leaving)).expect(404);
    await request(t.http).get(invoicesPath(d)).set('authorization', `Bearer ${tokens.access}`).expect(404);
    await request(t.http).get(invoicesPath(d)).set('x-api-key', key.body.apiKey).expect(401);
    const account = await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set(as(admin)).expect(200);
    expect([...account.body.deployments[0].approvers].sort()).toEqual(d.approvers.map((m) => m.address).sort());
    expect((await listMembers(d)).map((m) => m.address)).toEqual([admin.address]);
  });

  it('two ADMINs demoting each other at the same time never leave the account without an ADMIN', async () => {
    for (let round = 0; round < 5; round += 1) {
      const d = await createDeployment(t, { memberCount: 2 });
      const [a, b] = d.members;
      const [ab, ba] = await Promise.all([setRole(d, a, b, 'VIEWER'), setRole(d, b, a, 'VIEWER')]);
      const statuses = [ab.status, ba.status].sort();
      // One wins; the other finds itself demoted (403) or would leave no ADMIN (400).
      expect(statuses[0]).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
      expect((await listMembers(d, ab.status === 200 ? a : b)).filter((m) => m.role === 'ADMIN')).toHaveLength(1);
    }
  });

  it('two ADMINs removing each other at the same time never leave the account without an ADMIN', async () => {
    for (let round = 0; round < 5; round += 1) {
      const d = await createDeployment(t, { memberCount: 2 });
      const [a, b] = d.members;
      const [ab, ba] = await Promise.all([
        request(t.http)
          .delete(`${membersPath(d.accountId)}/${b.address}`)
          .set(as(a)),
        request(t.http)
          .delete(`${membersPath(d.accountId)}/${a.address}`)
          .set(as(b)),
      ]);
      const winner = ab.status === 200 ? a : b;
      expect([ab.status, ba.status].filter((status) => status === 200)).toHaveLength(1);
      const left = await listMembers(d, winner);
      expect(left).toEqual([expect.objectContaining({ address: winner.address, role: 'ADMIN' })]);
    }
  });

  it('records each member and key change once in the audit log, with its actor and how it came in', async () => {
    const d = await createDeployment(t, { memberCount: 2 });
    const [admin, other] = d.members;
    const tokens = await obtainTokens(t.http, admin.apiKey, admin.apiSecret);
    const bearer = { authorization: `Bearer ${tokens.access}` };
    const newcomer = evmWallet().address;
    await request(t.http)
      .post(membersPath(d.accountId))
      .set(bearer)
      .send({ address: newcomer, role: 'VIEWER' })
      .expect(201);
    await setRole(d, admin, other, 'OPERATOR').expect(200);
    // Refused and unchanged requests record nothing.
    await setRole(d, admin, other, 'OPERATOR').expect(200);
    await request(t.http)
      .post(membersPath(d.accountId))
      .set(as(admin))
      .send({ address: newcomer, role: 'ADMIN' })
      .expect(409);
    const key = (
      await request(t.http)
        .post(`/api/v1/accounts/${d.accountId}/api-keys`)
        .set(as(other))
        .send({ name: 'k', scopes: ['settings:write'] })
        .expect(201)
    ).body as { id: string; apiKey: string; apiSecret: string };
    await request(t.http)
      .delete(`${membersPath(d.accountId)}/${newcomer}`)
      .set(as(admin))
      .expect(200);
    await request(t.http).delete(`/api/v1/accounts/${d.accountId}/api-keys/${key.id}`).set(as(other)).expect(200);
    const rows: Record<string, unknown>[] = await t.dataSource.query(
      `SELECT action, actor_address, actor_via, actor_key_id, target_type, target_id, changes
         FROM audit_events WHERE account_id = $1 ORDER BY id`,
      [d.accountId],
    );
    expect(rows).toEqual([
      {
        action: 'MEMBER_ADDED',
        actor_address: admin.address,
        actor_via: 'TOKEN',
        actor_key_id: null,
        target_type: 'member',
        target_id: newcomer,
        changes: { address: newcomer, role: 'VIEWER' },
      },
      {
        action: 'MEMBER_ROLE_CHANGED',
        actor_address: admin.address,
        actor_via: 'API_KEY',
        actor_key_id: null,
        target_type: 'member',
        target_id: other.address,
        changes: { role: { from: 'ADMIN', to: 'OPERATOR' } },
      },
      expect.objectContaining({ action: 'API_KEY_CREATED', actor_address: other.address, target_id: key.id }),
      expect.objectContaining({ action: 'MEMBER_REMOVED', target_id: newcomer }),
      expect.objectContaining({ action: 'API_KEY_REVOKED', actor_address: other.address, target_id: key.id }),
    ]);
    expect(JSON.stringify(rows)).not.toContain(key.apiKey);
    expect(JSON.stringify(rows)).not.toContain(key.apiSecret);
  });
});
