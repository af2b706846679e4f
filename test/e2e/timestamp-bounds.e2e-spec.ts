import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment } from '../support/builders';
import { createInvoice, ETH_USDT, invoiceBody } from '../support/invoices';
import { createConfigChange } from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * One rule for inclusive time bounds on every list: a bound finer than the stored millisecond is
 * rounded inward, so `from` a microsecond after a row's time leaves the row out and `to` a
 * microsecond after it keeps the row in.
 */
describe('inclusive time bounds finer than a millisecond', () => {
  let t: TestApp;
  let d: TestDeployment;
  const created: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    d = await createDeployment(t);
    created.invoices = (await createInvoice(t, d, invoiceBody()).expect(201)).body.createdAt;
    created.payouts = (
      await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set('x-api-key', d.members[0].apiKey)
        .send({ deploymentId: d.id, currencyId: ETH_USDT, amount: '1', toAddress: evmWallet().address })
        .expect(201)
    ).body.createdAt;
    created.operations = (await createConfigChange(t, d)).createdAt as string;
  });
  afterAll(() => t.close());

  /** `…T10:00:00.123Z` → `…T10:00:00.1230005Z`: half a microsecond after the stored time. */
  const justAfter = (iso: string) => iso.replace(/Z$/, '0005Z');

  it.each([
    ['invoices', 'createdFrom', 'createdTo'],
    ['payouts', 'createdFrom', 'createdTo'],
    ['operations', 'createdAtFrom', 'createdAtTo'],
  ])('%s', async (list, from, to) => {
    const count = async (query: Record<string, string>) => {
      const res = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/${list}`)
        .query(query)
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      return (res.body as { total: number }).total;
    };
    const at = created[list];
    expect(await count({ [from]: at, [to]: at })).toBeGreaterThanOrEqual(1);
    expect(await count({ [from]: justAfter(at) })).toBe(0);
    expect(await count({ [from]: at, [to]: justAfter(at) })).toBeGreaterThanOrEqual(1);
  });
});
