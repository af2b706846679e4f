import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createTestApp, TestApp } from '../support/test-app';

/** Deposits to invoice addresses as the transactions endpoints show them (docs/contract.md, Transactions). */
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
      await createInvoice(
        t,
        d,
        invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT], trackingId: 'order-77' }),
      ).expect(201)
    ).body;
    const pending = transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'PENDING');
    const executed = transfer(d, invoice.invoiceAddress, ETH_USDT, '6000000', 'EXECUTED', { logIndex: 1 });
    const confirmed = transfer(d, invoice.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED', { logIndex: 2 });
    await ingest(t, [pending, executed, confirmed]);

    const list = await get(
      `/api/v1/deployments/${d.id}/transactions?operationTypes=invoice&sortBy=createdAt&sortOrder=asc`,
    ).expect(200);
    expect(list.body.total).toBe(3);
    const [first, second, third] = list.body.items;
    for (const item of [first, second, third]) {
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
    // Mined but not final: shown, but not money yet, so not claimable.
    expect(second).toMatchObject({ status: 'EXECUTED', amount: '6', canClaim: false, isClaimed: false });
    expect(third).toMatchObject({ status: 'CONFIRMED', amount: '2', canClaim: true, isClaimed: false });

    const details = await get(`/api/v1/deployments/${d.id}/transactions/${third.id}`).expect(200);
    expect(details.body).toMatchObject({
      canClaim: true,
      isClaimed: false,
      invoice: { id: invoice.id, trackingId: 'order-77', status: 'CREATED' },
      transaction: { id: third.id, invoice: { id: invoice.id } },
    });

    const byOperation = await get(`/api/v1/deployments/${d.id}/transactions?operationId=${invoice.id}`).expect(200);
    expect(byOperation.body.total).toBe(3);
  });

  it("embeds the catalog's currency exactly as GET /api/v1/public/currencies/{id} returns it", async () => {
    // A deployment of its own, so the deposits here do not change the other test's counts.
    const own = await createDeployment(t);
    const as = (path: string) => request(t.http).get(path).set('x-api-key', own.members[0].apiKey);
    // The address spelled in upper case: the embedded id must still be the catalog's.
    const mixedCase = ETH_USDT.replace(/[a-f]/g, (c) => c.toUpperCase());
    const invoice = (await createInvoice(t, own, invoiceBody({ currencyIds: [mixedCase] })).expect(201)).body;
    await ingest(t, [transfer(own, invoice.invoiceAddress, ETH_USDT, '5000000', 'CONFIRMED')]);

    const published = (await request(t.http).get(`/api/v1/public/currencies/${ETH_USDT}`).expect(200)).body;
    const list = (await as(`/api/v1/deployments/${own.id}/transactions`).expect(200)).body;
    const details = (await as(`/api/v1/deployments/${own.id}/transactions/${list.items[0].id}`).expect(200)).body;
    const invoiceDetails = (await as(`/api/v1/deployments/${own.id}/invoices/${invoice.id}`).expect(200)).body;
    const claims = (await as(`/api/v1/deployments/${own.id}/claims`).expect(200)).body;
    const claimable = (await as(`/api/v1/deployments/${own.id}/claims/currencies`).expect(201)).body;

    expect({
      transactionItem: list.items[0].currency,
      transactionDetails: details.currency,
      transactionInDetails: details.transaction.currency,
      invoiceCreated: invoice.availableCurrencies[0],
      invoiceDetails: invoiceDetails.invoice.availableCurrencies[0],
      claimItem: claims.items[0].currency,
      claimableCurrency: claimable[0],
    }).toEqual({
      transactionItem: published,
      transactionDetails: published,
      transactionInDetails: published,
      invoiceCreated: published,
      invoiceDetails: published,
      claimItem: published,
      claimableCurrency: published,
    });
  });
});
