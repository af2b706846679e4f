import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { TEST_INDEXER_KEY } from '../support/chain-events';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * "No 500 for anything a client can send": odd bodies, odd query values and odd path segments on
 * every endpoint that takes them must end in a 4xx (or a 2xx), never a server error.
 */
describe('no server error for any client input', () => {
  let t: TestApp;
  let d: TestDeployment;
  const NIL = '00000000-0000-0000-0000-000000000000';

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { memberCount: 1, approverCount: 1, threshold: 1 });
  });
  afterAll(() => t.close());

  const bodies = (): string[] => [
    'null',
    '[]',
    '"x"',
    '123',
    'true',
    '{}',
    '{"a":{"b":{"c":[1,2,{"d":null}]}}}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{}}}',
    JSON.stringify({ requestedAmount: 1e308 }),
    JSON.stringify({ requestedAmount: '1'.repeat(200), paymentPageButtonUrl: null, paymentPageButtonText: null }),
    JSON.stringify({
      requestedAmount: null,
      paymentPageButtonUrl: null,
      paymentPageButtonText: null,
      currencyIds: [{}],
    }),
    JSON.stringify({
      requestedAmount: null,
      paymentPageButtonUrl: null,
      paymentPageButtonText: null,
      trackingId: ['a'],
    }),
    JSON.stringify({ approvers: [`0x${'1'.repeat(40)}`], threshold: '1', calls: [{ to: 1, value: -1, data: 'zz' }] }),
    JSON.stringify({ approvers: 'x', threshold: 1e20, calls: {} }),
    JSON.stringify({ nonce: -1 }),
    JSON.stringify({ nonce: '1'.repeat(100) }),
    JSON.stringify({ nonce: 1.5 }),
    JSON.stringify({ signature: `0x${'ab'.repeat(1000)}` }),
    JSON.stringify({ signature: 123 }),
    JSON.stringify({ signature: `0x${'00'.repeat(87)}` }),
    JSON.stringify({
      deploymentId: d.id,
      currencyId: '1',
      amount: '0.0000000000000000001',
      toAddress: `0x${'1'.repeat(40)}`,
    }),
    JSON.stringify({ deploymentId: d.id, currencyId: {}, amount: [], toAddress: null, nonce: {} }),
    JSON.stringify({ trackingId: null, callbackUrl: 'javascript:alert(1)' }),
    JSON.stringify({ status: 'PAID' }),
    JSON.stringify({ events: [null, 1, 'x', [], { kind: 'transfer', eventId: {} }] }),
    JSON.stringify({ data: { type: 'auth-token', attributes: { login: {}, password: [] } } }),
    JSON.stringify({ data: null }),
    JSON.stringify({ data: { attributes: { refresh: 'a.b.c' } } }),
  ];

  const writes = (): [string, string][] => [
    ['post', `/api/v1/deployments/${d.id}/invoices`],
    ['put', `/api/v1/deployments/${d.id}/invoices/${NIL}`],
    ['post', `/api/v1/deployments/${d.id}/operations/multisig-config`],
    ['post', `/api/v1/deployments/${d.id}/operations/reject`],
    ['post', `/api/v1/deployments/${d.id}/operations/${NIL}/sign`],
    ['patch', `/api/v1/deployments/${d.id}/operations/${NIL}/nonce`],
    ['post', `/api/v1/deployments/${d.id}/payouts`],
    ['patch', `/api/v1/deployments/${d.id}/payouts/${NIL}`],
    ['post', '/internal/v1/chain-events'],
    ['post', '/token/'],
    ['post', '/token/refresh/'],
  ];

  const queries = [
    'page=1e3',
    'page=%00',
    'pageSize=-0',
    'currencyIds[]=',
    `currencyIds=${'a,'.repeat(500)}`,
    'statuses[0]=x',
    'createdFrom=2026-02-30',
    'createdFrom=9999-12-31T23:59:59Z',
    'createdTo=0001-01-01',
    'createdFrom=0000-01-01',
    'id=%25%5F',
    'txHash=%5C',
    'operationId=x',
    'isClaimed[]=true',
    'sortBy[]=id',
    'page=9007199254740991&pageSize=100',
  ];

  it('answers every odd body without a server error', async () => {
    const failures: string[] = [];
    for (const [method, path] of writes()) {
      for (const body of bodies()) {
        const res = await request(t.http)
          [method as 'post'](path)
          .set({
            'x-api-key': d.members[0].apiKey,
            'x-indexer-key': TEST_INDEXER_KEY,
            'content-type': 'application/json',
          })
          .send(body);
        if (res.status >= 500) failures.push(`${res.status} ${method} ${path} ${body.slice(0, 60)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers every odd query value and path segment without a server error', async () => {
    const lists = ['transactions', 'invoices', 'payouts', 'operations', 'claims'].map(
      (l) => `/api/v1/deployments/${d.id}/${l}`,
    );
    const failures: string[] = [];
    for (const path of [...lists, '/api/v1/public/currencies']) {
      for (const query of queries) {
        const res = await request(t.http).get(`${path}?${query}`).set('x-api-key', d.members[0].apiKey);
        if (res.status >= 500) failures.push(`${res.status} GET ${path}?${query}`);
      }
    }
    for (const path of [
      `/api/v1/deployments/${d.id}/transactions/%E0%A4%A`,
      '/api/v1/public/currencies/%',
      `/api/v1/public/smart-contract-versions/${'9'.repeat(400)}.1.1-evm`,
      `/api/v1/public/currencies/${'1'.repeat(100)}`,
      `/api/v1/deployments/${d.id}/invoices/${'a'.repeat(36)}`,
    ]) {
      const res = await request(t.http).get(path).set('x-api-key', d.members[0].apiKey);
      if (res.status >= 500) failures.push(`${res.status} GET ${path}`);
    }
    expect(failures).toEqual([]);
  });
});
