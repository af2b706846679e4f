import request from 'supertest';
import { createDeployment, TestMember } from '../support/builders';
import { invoiceBody, invoicesPath } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';
import { obtainTokens } from '../support/token-client';

/**
 * Two instances of the service on one database, as behind a load balancer: what one instance
 * changes about a credential acts on the other's very next request. No instance keeps callers in
 * a cache (docs/decisions.md, "Where a request's CPU goes"): the access guard reads the live
 * tables on every request, and these tests keep it that way.
 */
describe('revocations and role changes act on every instance at once', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } }),
      createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } }),
    ]);
  });
  afterAll(() => Promise.all([a.close(), b.close()]));

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });

  it('a key revoked on one instance is refused by the other on its next request, with its tokens', async () => {
    const d = await createDeployment(a, { memberCount: 1 });
    const key = await request(a.http)
      .post(`/api/v1/accounts/${d.accountId}/api-keys`)
      .set(as(d.members[0]))
      .send({ name: 'bot', scopes: ['read'] })
      .expect(201);
    const tokens = await obtainTokens(b.http, key.body.apiKey as string, key.body.apiSecret as string);
    await request(b.http).get(invoicesPath(d)).set('x-api-key', key.body.apiKey).expect(200);
    await request(b.http).get(invoicesPath(d)).set('authorization', `Bearer ${tokens.access}`).expect(200);
    await request(a.http)
      .delete(`/api/v1/accounts/${d.accountId}/api-keys/${key.body.id}`)
      .set(as(d.members[0]))
      .expect(200);
    await request(b.http).get(invoicesPath(d)).set('x-api-key', key.body.apiKey).expect(401);
    await request(b.http).get(invoicesPath(d)).set('authorization', `Bearer ${tokens.access}`).expect(401);
  });

  it('a member removed on one instance loses the account on the other at once, by every credential', async () => {
    const d = await createDeployment(a, { memberCount: 2 });
    const [admin, leaving] = d.members;
    const tokens = await obtainTokens(b.http, leaving.apiKey, leaving.apiSecret);
    await request(b.http).get(invoicesPath(d)).set(as(leaving)).expect(200);
    await request(b.http).get(invoicesPath(d)).set('authorization', `Bearer ${tokens.access}`).expect(200);
    await request(a.http)
      .delete(`/api/v1/accounts/${d.accountId}/members/${leaving.address}`)
      .set(as(admin))
      .expect(200);
    await request(b.http).get(invoicesPath(d)).set(as(leaving)).expect(404);
    await request(b.http).get(invoicesPath(d)).set('authorization', `Bearer ${tokens.access}`).expect(404);
  });

  it('a role lowered on one instance is enforced by the other on its next request', async () => {
    const d = await createDeployment(a, { memberCount: 2 });
    const [admin, member] = d.members;
    await request(b.http).post(invoicesPath(d)).set(as(member)).send(invoiceBody()).expect(201);
    await request(a.http)
      .patch(`/api/v1/accounts/${d.accountId}/members/${member.address}`)
      .set(as(admin))
      .send({ role: 'VIEWER' })
      .expect(200);
    const refused = await request(b.http).post(invoicesPath(d)).set(as(member)).send(invoiceBody()).expect(403);
    expect(refused.body).toMatchObject({ code: 'ROLE_FORBIDS' });
    await request(b.http).get(invoicesPath(d)).set(as(member)).expect(200);
  });
});
