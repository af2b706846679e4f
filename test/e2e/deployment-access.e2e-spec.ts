import request from 'supertest';
import { createDeployment, createMember, TestDeployment, TestMember } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

const nonceInfo = (id: string) => `/api/v1/accounts/deployments/${id}/nonce-info`;

describe('deployment access guard (nonce-info)', () => {
  let t: TestApp;
  let deployment: TestDeployment;
  let outsider: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    deployment = await createDeployment(t, { nonce: '7' });
    outsider = await createMember(t);
  });
  afterAll(() => t.close());

  it('answers a member with the nonce info', async () => {
    const res = await request(t.http)
      .get(nonceInfo(deployment.id))
      .set('x-api-key', deployment.members[2].apiKey)
      .expect(200);
    expect(res.body).toEqual({ currentNonce: '7', lastExecutedNonce: '-1' });
  });

  it.each([
    ['no credential', {}],
    ['an unknown API key', { 'x-api-key': 'f'.repeat(64) }],
    ['an empty API key', { 'x-api-key': '' }],
    ['a malformed bearer', { authorization: 'Bearer not-a-jwt' }],
    ['a non-bearer scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('is 401 with %s', async (_label, headers) => {
    const res = await request(t.http).get(nonceInfo(deployment.id)).set(headers).expect(401);
    expect(res.body).toMatchObject({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: '[ERR_401] Invalid or missing token',
    });
  });

  it('checks credentials before the deployment id', async () => {
    await request(t.http).get(nonceInfo('not-a-uuid')).expect(401);
  });

  it('checks credentials before a query parameter the route does not declare', async () => {
    await request(t.http)
      .get(`${nonceInfo(deployment.id)}?verbose=1`)
      .expect(401);
    const res = await request(t.http)
      .get(`${nonceInfo(deployment.id)}?verbose=1`)
      .set('x-api-key', deployment.members[0].apiKey)
      .expect(400);
    expect(res.body.details).toEqual([{ field: 'verbose', message: 'verbose is not allowed' }]);
  });

  it('answers a foreign and an unknown deployment with identical 404 bodies', async () => {
    const foreign = await request(t.http).get(nonceInfo(deployment.id)).set('x-api-key', outsider.apiKey).expect(404);
    const unknown = await request(t.http)
      .get(nonceInfo('0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b'))
      .set('x-api-key', outsider.apiKey)
      .expect(404);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    expect(strip(foreign.body)).toEqual(strip(unknown.body));
    expect(foreign.body).toMatchObject({ code: 'DEPLOYMENT_NOT_FOUND', message: '[ERR_404] Deployment not found' });
  });

  it.each([
    'not-a-uuid',
    '0193a4c2-7d1e-9a52-9f2b-3c4d5e6f7a8b',
    '0193a4c27d1e7a529f2b3c4d5e6f7a8b',
    '0193a4c2-7d1e-7a52-cf2b-3c4d5e6f7a8b',
  ])('is 400 for the malformed deployment id %s', async (id) => {
    const res = await request(t.http).get(nonceInfo(id)).set('x-api-key', outsider.apiKey).expect(400);
    expect(res.body.details).toEqual([{ field: 'deploymentId', message: 'deploymentId must be a UUID' }]);
  });

  it.each([
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  ])('accepts the nil/max UUID %s as an id (then 404)', async (id) => {
    await request(t.http).get(nonceInfo(id)).set('x-api-key', outsider.apiKey).expect(404);
  });

  it('accepts an upper-case deployment id of its own', async () => {
    await request(t.http)
      .get(nonceInfo(deployment.id.toUpperCase()))
      .set('x-api-key', deployment.members[0].apiKey)
      .expect(200);
  });
});
