import request from 'supertest';
import { createDeployment, type TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * What the built-in indexer relies on in the intake, without a chain: transfers that name their
 * block (a reorged deposit stays FAILED, its re-mined copy is counted once), the status endpoint
 * behind the indexer key, readiness, and start-up validation of the indexed chains.
 */
describe('indexer intake and status', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    d = await createDeployment(t, { memberCount: 1 });
  });
  afterAll(() => t.close());

  const blockHash = (byte: string) => `0x${byte.repeat(32)}`;

  it('a deposit dropped by a reorg stays FAILED and its re-mined copy pays the invoice once', async () => {
    const invoice = (
      await createInvoice(t, d, invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT] })).expect(201)
    ).body as { id: string; invoiceAddress: string };
    const hash = txHash();
    const seen = (status: string, block: string, confirmations: number) => ({
      ...transfer(d, invoice.invoiceAddress, ETH_USDT, '10000000', status, { hash, logIndex: 2, confirmations }),
      blockHash: blockHash(block),
    });
    const results = await ingest(t, [
      seen('EXECUTED', 'aa', 1),
      seen('FAILED', 'aa', 0),
      seen('EXECUTED', 'bb', 1),
      seen('CONFIRMED', 'bb', 12),
      seen('CONFIRMED', 'bb', 13),
    ]);
    expect(results.map((result) => result.error)).toEqual([null, null, null, null, null]);
    const list = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions?operationTypes=invoice&sortBy=createdAt&sortOrder=asc`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    const rows = (list.body as { items: { txHash: string; status: string; confirmations: number }[] }).items.filter(
      (item) => item.txHash === hash,
    );
    expect(rows.map((row) => [row.status, row.confirmations])).toEqual([
      ['FAILED', 1],
      ['CONFIRMED', 13],
    ]);
    const got = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/invoices/${invoice.id}`)
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    expect(got.body).toMatchObject({ invoice: { status: 'PAID', paidAmount: '10' } });
  });

  it('refuses a malformed blockHash in that event only', async () => {
    const event = { ...transfer(d, d.address, ETH_USDT, '1', 'PENDING'), blockHash: '0x1234' };
    const [result] = await ingest(t, [event]);
    expect(result.error).toMatch(/blockHash/);
  });

  it('the status endpoint needs the indexer key and lists no chain when none is configured', async () => {
    await request(t.http).get('/internal/v1/indexer/status').expect(401);
    await request(t.http).get('/internal/v1/indexer/status').set('x-indexer-key', 'wrong').expect(401);
    const res = await request(t.http).get('/internal/v1/indexer/status').set('x-indexer-key', TEST_INDEXER_KEY);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ chains: [] });
    const ready = await request(t.http).get('/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('the status endpoint is disabled without INDEXER_API_KEY', async () => {
    const bare = await createTestApp();
    try {
      await request(bare.http).get('/internal/v1/indexer/status').set('x-indexer-key', 'anything').expect(404);
    } finally {
      await bare.close();
    }
  });

  it('a configured chain the catalog does not know stops the start with a message naming it', async () => {
    await expect(createTestApp({ env: { RPC_URL_31337: 'http://127.0.0.1:1' } })).rejects.toThrow(
      /RPC_URL_31337 names a chain that is not a network of the catalog/,
    );
  });

  it('a Tron chain of the catalog is accepted and reported like any other', async () => {
    const tron = await createTestApp({ env: { RPC_URL_728126428: 'http://127.0.0.1:1/jsonrpc' } });
    try {
      const ready = await request(tron.http).get('/health/ready').expect(200);
      expect(ready.body).toMatchObject({ indexer: { chains: [{ chainId: '728126428' }] } });
    } finally {
      await tron.close();
    }
  });

  it('readiness reports each configured chain, with no lag known before the first step', async () => {
    const configured = await createTestApp({ env: { RPC_URL_56: 'http://127.0.0.1:1' } });
    try {
      const ready = await request(configured.http).get('/health/ready').expect(200);
      expect(ready.body).toEqual({
        status: 'ok',
        database: 'ok',
        indexer: { chains: [{ chainId: '56', head: null, checkpoint: null, lag: null }] },
      });
    } finally {
      await configured.close();
    }
  });
});
