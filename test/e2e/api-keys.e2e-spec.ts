import request from 'supertest';
import { createDeployment, TestDeployment, TestMember } from '../support/builders';
import { decodeJwt } from '../support/jwt';
import { invoiceBody, invoicesPath } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';
import {
  jsonApiBody,
  obtainTokens,
  postObtain,
  obtainDocument,
  postRefresh,
  refreshDocument,
} from '../support/token-client';

const keysPath = (accountId: string) => `/api/v1/accounts/${accountId}/api-keys`;

interface CreatedKey {
  id: string;
  name: string;
  owner: string;
  scopes: string[];
  deploymentIds: string[] | null;
  expiresAt: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  keyPrefix: string;
  apiKey: string;
  apiSecret: string;
}

describe('scoped API keys (docs/authentication.md, API keys)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });
  const withKey = (key: { apiKey: string }) => ({ 'x-api-key': key.apiKey });
  const createKey = async (d: TestDeployment, owner: TestMember, body: Record<string, unknown>): Promise<CreatedKey> =>
    (await request(t.http).post(keysPath(d.accountId)).set(as(owner)).send(body).expect(201)).body as CreatedKey;
  const setRole = (d: TestDeployment, admin: TestMember, member: TestMember, role: string) =>
    request(t.http)
      .patch(`/api/v1/accounts/${d.accountId}/members/${member.address}`)
      .set(as(admin))
      .send({ role })
      .expect(200);

  it('creates a key shown once, stored only hashed', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, d.members[0], { name: 'shop server', scopes: ['invoices:write', 'read'] });
    expect(key).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'shop server',
      owner: d.members[0].address,
      scopes: ['invoices:write', 'read'],
      deploymentIds: null,
      expiresAt: null,
      createdAt: expect.any(String),
      lastUsedAt: null,
      keyPrefix: key.apiKey.slice(0, 8),
      apiKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      apiSecret: expect.any(String),
    });
    const rows: Record<string, unknown>[] = await t.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [key.id]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key.apiKey);
    expect(stored).not.toContain(key.apiSecret);
    const listed = await request(t.http).get(keysPath(d.accountId)).set(as(d.members[0])).expect(200);
    const shown: Partial<CreatedKey> = { ...key };
    delete shown.apiKey;
    delete shown.apiSecret;
    expect(listed.body).toEqual([shown]);
  });

  it('a read key reads but cannot create an invoice (403 INSUFFICIENT_SCOPE); an invoices:write key can', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const reader = await createKey(d, d.members[0], { name: 'reader', scopes: ['read'] });
    await request(t.http).get(invoicesPath(d)).set(withKey(reader)).expect(200);
    const refused = await request(t.http).post(invoicesPath(d)).set(withKey(reader)).send(invoiceBody()).expect(403);
    expect(refused.body).toMatchObject({ statusCode: 403, code: 'INSUFFICIENT_SCOPE' });
    const writer = await createKey(d, d.members[0], { name: 'writer', scopes: ['invoices:write'] });
    await request(t.http).post(invoicesPath(d)).set(withKey(writer)).send(invoiceBody()).expect(201);
    // A write scope does not include reading.
    const read = await request(t.http).get(invoicesPath(d)).set(withKey(writer)).expect(403);
    expect(read.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
  });

  it('a key limited to one deployment gets 404 on another (403 on the transactions endpoints), and on another account', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const owner = d.members[0];
    const second = (await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set(as(owner)).expect(200)).body
      .deployments[0].deploymentId as string;
    expect(second).toBe(d.id);
    const other = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, owner, { name: 'one', scopes: ['read'], deploymentIds: [d.id.toUpperCase()] });
    expect(key.deploymentIds).toEqual([d.id]);
    await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(200);
    // The owner is not a member of `other`; add them so only the key's binding keeps it out.
    await request(t.http)
      .post(`/api/v1/accounts/${other.accountId}/members`)
      .set(as(other.members[0]))
      .send({ address: owner.address, role: 'ADMIN' })
      .expect(201);
    await request(t.http).get(invoicesPath(other)).set(as(owner)).expect(200);
    const foreign = await request(t.http).get(invoicesPath(other)).set(withKey(key)).expect(404);
    expect(foreign.body).toMatchObject({ code: 'DEPLOYMENT_NOT_FOUND' });
    await request(t.http).get(`/api/v1/deployments/${other.id}/transactions`).set(withKey(key)).expect(403);
    await request(t.http).get(`/api/v1/accounts/${other.accountId}`).set(withKey(key)).expect(404);
    const accounts = await request(t.http).get('/api/v1/accounts').set(withKey(key)).expect(200);
    expect(accounts.body.map((a: { id: string }) => a.id)).toEqual([d.accountId]);
    const all = await request(t.http).get('/api/v1/accounts').set(as(owner)).expect(200);
    expect(all.body).toHaveLength(2);
  });

  it('an expired key gets 401', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, d.members[0], {
      name: 'short',
      scopes: ['read'],
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const res = await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: '[ERR_401] Invalid or missing token' });
  });

  it('a key is a token-service login; its tokens carry its scopes, account and deployments, and honour them', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, d.members[0], { name: 'tok', scopes: ['read'], deploymentIds: [d.id] });
    const tokens = await obtainTokens(t.http, key.apiKey, key.apiSecret);
    expect(decodeJwt(tokens.access).payload).toMatchObject({
      key_id: key.id,
      scopes: ['read'],
      account_id: d.accountId,
      deployment_ids: [d.id],
    });
    const bearer = { authorization: `Bearer ${tokens.access}` };
    await request(t.http).get(invoicesPath(d)).set(bearer).expect(200);
    const refused = await request(t.http).post(invoicesPath(d)).set(bearer).send(invoiceBody()).expect(403);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    const refreshed = jsonApiBody<{ data: { attributes: { access: string } } }>(
      await postRefresh(t.http, refreshDocument(tokens.refresh)).expect(200),
    );
    expect(decodeJwt(refreshed.data.attributes.access).payload).toMatchObject({ key_id: key.id, scopes: ['read'] });
    // A wrong secret for the key is the usual 2006.
    const wrong = await postObtain(t.http, obtainDocument(key.apiKey, d.members[0].apiSecret)).expect(400);
    expect(jsonApiBody(wrong)).toMatchObject({ errors: [{ code: '2006' }] });
  });

  it('a revoked key and its tokens get 401 on the next request; the session cannot be refreshed', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, d.members[0], { name: 'gone', scopes: ['read'] });
    const tokens = await obtainTokens(t.http, key.apiKey, key.apiSecret);
    const bearer = { authorization: `Bearer ${tokens.access}` };
    await request(t.http).get(invoicesPath(d)).set(bearer).expect(200);
    const revoked = await request(t.http)
      .delete(`${keysPath(d.accountId)}/${key.id}`)
      .set(as(d.members[0]))
      .expect(200);
    expect(revoked.body).toMatchObject({ id: key.id, name: 'gone' });
    await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(401);
    await request(t.http).get(invoicesPath(d)).set(bearer).expect(401);
    await postRefresh(t.http, refreshDocument(tokens.refresh)).expect(401);
    await postObtain(t.http, obtainDocument(key.apiKey, key.apiSecret)).expect(400);
    const listed = await request(t.http).get(keysPath(d.accountId)).set(as(d.members[0])).expect(200);
    expect(listed.body).toEqual([]);
  });

  it('two concurrent revocations of one key both answer 200, and the key is dead', async () => {
    const d = await createDeployment(t, { memberCount: 2 });
    const key = await createKey(d, d.members[1], { name: 'twice', scopes: ['read'] });
    const tokens = await obtainTokens(t.http, key.apiKey, key.apiSecret);
    const [first, second] = await Promise.all([
      request(t.http)
        .delete(`${keysPath(d.accountId)}/${key.id}`)
        .set(as(d.members[1])),
      request(t.http)
        .delete(`${keysPath(d.accountId)}/${key.id}`)
        .set(as(d.members[0])),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(401);
    await request(t.http).get(invoicesPath(d)).set('authorization', `Bearer ${tokens.access}`).expect(401);
    const [{ revocations }]: { revocations: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS revocations FROM audit_events WHERE action = 'API_KEY_REVOKED' AND target_id = $1`,
      [key.id],
    );
    expect(revocations).toBe(1);
  });

  it('a VIEWER may hold only read keys (400 SCOPE_EXCEEDS_ROLE); demoting the owner narrows its keys at once', async () => {
    const d = await createDeployment(t, { memberCount: 2 });
    const [admin, member] = d.members;
    const writer = await createKey(d, member, { name: 'w', scopes: ['invoices:write'] });
    await request(t.http).post(invoicesPath(d)).set(withKey(writer)).send(invoiceBody()).expect(201);
    await setRole(d, admin, member, 'VIEWER');
    const narrowed = await request(t.http).post(invoicesPath(d)).set(withKey(writer)).send(invoiceBody()).expect(403);
    expect(narrowed.body).toMatchObject({ code: 'ROLE_FORBIDS' });
    const refused = await request(t.http)
      .post(keysPath(d.accountId))
      .set(as(member))
      .send({ name: 'p', scopes: ['read', 'payouts:write'] })
      .expect(400);
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'SCOPE_EXCEEDS_ROLE' });
    await createKey(d, member, { name: 'r', scopes: ['read'] });
  });

  it.each([
    ['an empty name', { name: '', scopes: ['read'] }, 'VALIDATION_FAILED'],
    ['a blank name', { name: '   ', scopes: ['read'] }, 'VALIDATION_FAILED'],
    ['a name with a right-to-left override', { name: 'shop\u202Eeulav', scopes: ['read'] }, 'VALIDATION_FAILED'],
    ['a name of 65 characters', { name: 'n'.repeat(65), scopes: ['read'] }, 'VALIDATION_FAILED'],
    ['no scopes', { name: 'k', scopes: [] }, 'VALIDATION_FAILED'],
    ['an unknown scope', { name: 'k', scopes: ['admin'] }, 'VALIDATION_FAILED'],
    ['a repeated scope', { name: 'k', scopes: ['read', 'read'] }, 'VALIDATION_FAILED'],
    ['scopes as a string', { name: 'k', scopes: 'read' }, 'VALIDATION_FAILED'],
    ['a malformed deployment id', { name: 'k', scopes: ['read'], deploymentIds: ['x'] }, 'VALIDATION_FAILED'],
    ['an empty deployment list', { name: 'k', scopes: ['read'], deploymentIds: [] }, 'VALIDATION_FAILED'],
    [
      'a deployment of another account',
      { name: 'k', scopes: ['read'], deploymentIds: ['0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b'] },
      'DEPLOYMENT_NOT_IN_ACCOUNT',
    ],
    ['a past expiresAt', { name: 'k', scopes: ['read'], expiresAt: '2020-01-01T00:00:00.000Z' }, 'INVALID_EXPIRES_AT'],
    ['a malformed expiresAt', { name: 'k', scopes: ['read'], expiresAt: 'tomorrow' }, 'VALIDATION_FAILED'],
    ['an unknown field', { name: 'k', scopes: ['read'], owner: '0x0' }, 'VALIDATION_FAILED'],
  ])('creating with %s is a 400 that creates nothing', async (_label, body, code) => {
    const d = await createDeployment(t, { memberCount: 1 });
    const res = await request(t.http).post(keysPath(d.accountId)).set(as(d.members[0])).send(body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code });
    const [{ n }]: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1`,
      [d.accountId],
    );
    expect(n).toBe(0);
  });

  it('a key cannot create keys, whatever its scopes', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, d.members[0], {
      name: 'all',
      scopes: ['read', 'invoices:write', 'payouts:write', 'operations:write', 'settings:write'],
    });
    const res = await request(t.http)
      .post(keysPath(d.accountId))
      .set(withKey(key))
      .send({ name: 'child', scopes: ['read'] })
      .expect(403);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
  });

  it("members list their own keys, an ADMIN every member's; only the owner or an ADMIN revokes", async () => {
    const d = await createDeployment(t, { memberCount: 3 });
    const [admin, operator, other] = d.members;
    await setRole(d, admin, operator, 'OPERATOR');
    await setRole(d, admin, other, 'OPERATOR');
    const adminKey = await createKey(d, admin, { name: 'a', scopes: ['read'] });
    const operatorKey = await createKey(d, operator, { name: 'o', scopes: ['read'] });
    const otherKey = await createKey(d, other, { name: 'x', scopes: ['read'] });
    const own = await request(t.http).get(keysPath(d.accountId)).set(as(operator)).expect(200);
    expect(own.body.map((k: { id: string }) => k.id)).toEqual([operatorKey.id]);
    expect(JSON.stringify(own.body)).not.toContain(operatorKey.apiSecret);
    const every = await request(t.http).get(keysPath(d.accountId)).set(as(admin)).expect(200);
    expect(every.body.map((k: { id: string }) => k.id)).toEqual([adminKey.id, operatorKey.id, otherKey.id]);
    // Another member's key is invisible to a non-admin: 404, as for an unknown key.
    const foreign = await request(t.http)
      .delete(`${keysPath(d.accountId)}/${otherKey.id}`)
      .set(as(operator))
      .expect(404);
    expect(foreign.body).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
    await request(t.http).get(invoicesPath(d)).set(withKey(otherKey)).expect(200);
    await request(t.http)
      .delete(`${keysPath(d.accountId)}/${operatorKey.id}`)
      .set(as(operator))
      .expect(200);
    await request(t.http)
      .delete(`${keysPath(d.accountId)}/${otherKey.id}`)
      .set(as(admin))
      .expect(200);
    await request(t.http).get(invoicesPath(d)).set(withKey(otherKey)).expect(401);
  });

  it('revoking with a malformed key id is 400; an unknown key is 404', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const bad = await request(t.http)
      .delete(`${keysPath(d.accountId)}/nope`)
      .set(as(d.members[0]))
      .expect(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_API_KEY_ID' });
    const unknown = await request(t.http)
      .delete(`${keysPath(d.accountId)}/0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b`)
      .set(as(d.members[0]))
      .expect(404);
    expect(unknown.body).toMatchObject({ code: 'API_KEY_NOT_FOUND' });
  });

  it('lastUsedAt is written on first use and then at most once a minute, never per request', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await createKey(d, d.members[0], { name: 'used', scopes: ['read'] });
    const lastUsed = async () =>
      (
        (await t.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [key.id])) as {
          last_used_at: Date | null;
        }[]
      )[0].last_used_at;
    expect(await lastUsed()).toBeNull();
    await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(200);
    let first: Date | null = null;
    for (let attempt = 0; attempt < 50 && first === null; attempt += 1) {
      first = await lastUsed();
      if (first === null) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 5; i += 1) await request(t.http).get(invoicesPath(d)).set(withKey(key)).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUsed()).toEqual(first);
    const listed = await request(t.http).get(keysPath(d.accountId)).set(as(d.members[0])).expect(200);
    expect(listed.body[0].lastUsedAt).toBe(first?.toISOString());
  });

  it("the member's original credential stays unscoped: every right of its role", async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    await createKey(d, d.members[0], { name: 'r', scopes: ['read'] });
    await request(t.http).post(invoicesPath(d)).set(as(d.members[0])).send(invoiceBody()).expect(201);
    await request(t.http).get(invoicesPath(d)).set(as(d.members[0])).expect(200);
  });

  it('records the scoped key an action came through, directly or behind a token', async () => {
    const d = await createDeployment(t, { memberCount: 2 });
    const [admin, other] = d.members;
    const adminKey = await createKey(d, admin, { name: 'settings', scopes: ['settings:write'] });
    const first = await createKey(d, other, { name: 'one', scopes: ['read'] });
    const second = await createKey(d, other, { name: 'two', scopes: ['read'] });
    await request(t.http)
      .delete(`${keysPath(d.accountId)}/${first.id}`)
      .set(withKey(adminKey))
      .expect(200);
    const tokens = await obtainTokens(t.http, adminKey.apiKey, adminKey.apiSecret);
    await request(t.http)
      .delete(`${keysPath(d.accountId)}/${second.id}`)
      .set('authorization', `Bearer ${tokens.access}`)
      .expect(200);
    const rows: Record<string, unknown>[] = await t.dataSource.query(
      `SELECT actor_address, actor_via, actor_key_id, target_id FROM audit_events
        WHERE account_id = $1 AND action = 'API_KEY_REVOKED' ORDER BY id`,
      [d.accountId],
    );
    expect(rows).toEqual([
      { actor_address: admin.address, actor_via: 'API_KEY', actor_key_id: adminKey.id, target_id: first.id },
      { actor_address: admin.address, actor_via: 'TOKEN', actor_key_id: adminKey.id, target_id: second.id },
    ]);
  });
});
