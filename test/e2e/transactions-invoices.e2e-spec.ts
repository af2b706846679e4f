import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

/** Deposits to invoice addresses as the transactions endpoints show them (SPEC §5). */
describe('transactions of invoice deposits', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { memberCount: 2 });
  });
  afterAll(() => t.close());

  const get = (path: string) => request(t.http).get(path).set('x-api-key', d.members[0].apiKey);

  it('embeds the invoice, names it as the operation and says whether it can be claimed', async () => {
    const invoice = (
      await createInvoice(t, d, invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT], trackingId: 'order-77' })).expect(201)
    ).body;
    const pending = transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'PENDING');
    const executed = transfer(d, invoice.invoiceAddress, ETH_USDT, '6000000', 'EXECUTED', { logIndex: 1 });
    await ingest(t, [pending, executed]);

    const list = await get(`/api/v1/deployments/${d.id}/transactions?operationTypes=invoice&sortBy=createdAt&sortOrder=asc`).expect(200);
    expect(list.body.total).toBe(2);
    const [first, second] = list.body.items;
    for (const item of [first, second]) {
      expect(item).toMatchObject({
        direction: 'IN',
        operationType: 'invoice',
        operationId: invoice.id,
        invoiceId: invoice.id,
        invoice: { id: invoice.id, trackingId: 'order-77', status: 'CREATED' },
        currencyId: ETH_USDT,
      });
    }
    expect(first).toMatchObject({ status: 'PENDING', amount: '4', canClaim: false, isClaimed: false });
    expect(second).toMatchObject({ status: 'EXECUTED', amount: '6', canClaim: true, isClaimed: false });

    const details = await get(`/api/v1/deployments/${d.id}/transactions/${second.id}`).expect(200);
    expect(details.body).toMatchObject({
      canClaim: true,
      isClaimed: false,
      invoice: { id: invoice.id, trackingId: 'order-77', status: 'CREATED' },
      transaction: { id: second.id, invoice: { id: invoice.id } },
    });

    const byOperation = await get(`/api/v1/deployments/${d.id}/transactions?operationId=${invoice.id}`).expect(200);
    expect(byOperation.body.total).toBe(2);
  });
});
