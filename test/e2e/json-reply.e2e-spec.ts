import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

/** Plain JSON results are written without Express's res.json (src/shared/http/json-reply.ts). */
describe('JSON replies', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp();
    d = await createDeployment(t, { chainId: '1' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('carry the JSON media type, the exact length and the request id', async () => {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions`)
      .set('x-api-key', d.members[0].apiKey)
      .set('x-request-id', 'json-reply-1')
      .expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(res.body)));
    expect(res.headers['x-request-id']).toBe('json-reply-1');
    expect(res.body).toEqual({ total: 0, page: 1, pageSize: 10, items: [] });
  });

  it('answer HEAD with the headers and no body', async () => {
    const res = await request(t.http)
      .head(`/api/v1/deployments/${d.id}/transactions`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text ?? '').toBe('');
  });

  it('leave errors to the error filter', async () => {
    const res = await request(t.http).get(`/api/v1/deployments/${d.id}/transactions`).expect(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });

  it('keep the public cache’s ETag and 304', async () => {
    const first = await request(t.http).get('/api/v1/public/currencies').expect(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await request(t.http).get('/api/v1/public/currencies').expect(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text).toBe(first.text);
    await request(t.http).get('/api/v1/public/currencies').set('If-None-Match', first.headers.etag).expect(304);
  });
});
