import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The data source prepares each statement text it runs on the pool, up to STATEMENT_NAMES_LIMIT
 * texts. A list that spelled its page size or offset into the text would prepare a statement per
 * value a client sends, and fill that limit with them: every list must send the same texts whatever
 * page it is asked for.
 */
const LISTS: Record<string, (d: TestDeployment) => string> = {
  transactions: (d) => `/api/v1/deployments/${d.id}/transactions`,
  invoices: (d) => `/api/v1/deployments/${d.id}/invoices`,
  payouts: (d) => `/api/v1/deployments/${d.id}/payouts`,
  'queue operations': (d) => `/api/v1/deployments/${d.id}/operations`,
  claims: (d) => `/api/v1/deployments/${d.id}/claims`,
  callbacks: () => `/api/v1/callbacks?operationId=${randomUUID()}`,
};

describe('list statements keep their text whatever the page', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    // No outbox workers: their rounds run on the same data source, and a round that falls inside a
    // request would add its statements to that request's.
    t = await createTestApp({ env: { CALLBACK_WORKER: 'false', NOTIFY_WORKER: 'false' } });
    d = await createDeployment(t);
  });

  afterAll(() => t?.close());

  /** The statement texts one request sends with parameters (the ones the data source prepares). */
  async function textsOf(path: string, query: Record<string, string>): Promise<Set<string>> {
    const spy = jest.spyOn(t.dataSource, 'query');
    try {
      const res = await request(t.http).get(path).query(query).set('x-api-key', d.members[0].apiKey);
      expect([path, res.status]).toEqual([path, 200]);
      return new Set(spy.mock.calls.filter(([, params]) => (params?.length ?? 0) > 0).map(([sql]) => sql));
    } finally {
      spy.mockRestore();
    }
  }

  it.each(Object.keys(LISTS))('%s', async (name) => {
    const path = LISTS[name](d);
    // Once first, so what a caller's first request alone does (the rate limit remembering whose API
    // key it is) is behind us.
    await textsOf(path, { page: '1', pageSize: '10' });
    const first = await textsOf(path, { page: '1', pageSize: '10' });
    expect(first.size).toBeGreaterThan(0);
    for (const [page, pageSize] of [
      ['2', '3'],
      ['7', '25'],
      ['1', '100'],
    ]) {
      const texts = [...(await textsOf(path, { page, pageSize }))].sort();
      expect({ page, pageSize, texts }).toEqual({ page, pageSize, texts: [...first].sort() });
    }
  });
});
