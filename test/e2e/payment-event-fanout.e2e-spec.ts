import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { InvoicesService } from '../../src/modules/billing/application/invoices.service';
import { createDeployment, TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { EventStreamClient } from '../support/event-stream';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * Many event streams on one invoice: each change is read once and sent to every stream, and one
 * client address holds at most PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT of them (real sockets from
 * two loopback addresses).
 */
describe('payment event streams: one read per change, a cap per client address', () => {
  // A database of its own, so that no other spec's statements (cutting the change feed's
  // connections, as payment-events does on its own database) reach its streams: it counts reads.
  let db: ScratchDatabase;
  let t: TestApp;
  let base: string;
  let d: TestDeployment;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase('payment_fanout');
    t = await createTestApp({
      databaseUrl: db.url,
      env: { INDEXER_API_KEY: TEST_INDEXER_KEY, PAYMENT_EVENTS_MAX_STREAMS_PER_CLIENT: '20' },
    });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
    d = await createDeployment(t);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
    await db?.drop();
  });

  async function newInvoice() {
    const res = await createInvoice(t, d, invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT] }));
    expect(res.status).toBe(201);
    return res.body as { id: string; publicId: string; invoiceAddress: string };
  }

  const open = async (publicId: string, from: string) => {
    const stream = await EventStreamClient.open(`${base}/api/v1/public/invoices/${publicId}/events`, {}, from);
    streams.push(stream);
    return stream;
  };

  it('refuses the 21st stream of one address with 429, serves another address, and reads each change once for all', async () => {
    const invoice = await newInvoice();
    const mine = await Promise.all(Array.from({ length: 20 }, () => open(invoice.publicId, '127.0.0.1')));
    for (const stream of mine) await stream.until(() => stream.events.length === 1, 'the first event');

    const refused = await open(invoice.publicId, '127.0.0.1');
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.headers['retry-after']).toBe('5');
    expect(JSON.parse(await refused.errorBody!)).toMatchObject({ code: 'TOO_MANY_STREAMS' });

    const theirs = await open(invoice.publicId, '127.0.0.2');
    expect(theirs.response.statusCode).toBe(200);
    await theirs.until(() => theirs.events.length === 1, 'the other address its first event');
    const all = [...mine, theirs];

    const reads = jest.spyOn(t.app.get(InvoicesService), 'getPublic');
    try {
      const hash = '0x' + 'cd'.repeat(32);
      await ingest(t, [
        transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'PENDING', { hash, confirmations: 0 }),
      ]);
      for (const stream of all) await stream.until(() => stream.events.length === 2, 'the deposit seen');
      await ingest(t, [
        transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'CONFIRMED', { hash, confirmations: 12 }),
      ]);
      for (const stream of all) {
        await stream.until(() => stream.invoices().at(-1)?.paidAmount === '4', 'the deposit confirmed');
      }
      // Two changes, 21 streams: a read per announcement of a change, shared by every stream (one
      // read per stream would be 42 or more). A change may be announced twice (its deposit row and
      // its invoice), which a loaded machine delivers as two wake-ups: at most four reads.
      const readsOfIt = reads.mock.calls.filter(([publicId]) => publicId === invoice.publicId).length;
      expect(readsOfIt).toBeGreaterThanOrEqual(2);
      expect(readsOfIt).toBeLessThanOrEqual(4);
      const seen = all.map((stream) => stream.events.length);
      expect(new Set(seen).size).toBe(1);
    } finally {
      reads.mockRestore();
    }

    // Another payer's invoice is served meanwhile, and a stream closed frees its address's place.
    const other = await newInvoice();
    await request(t.http).get(`/api/v1/public/invoices/${other.publicId}`).expect(200);
    mine[0].close();
    let again: EventStreamClient | undefined;
    for (let i = 0; i < 50; i += 1) {
      again = await open(invoice.publicId, '127.0.0.1');
      if (again.response.statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again?.response.statusCode).toBe(200);
  });

  it('keeps the remaining streams of an invoice served when some leave', async () => {
    const invoice = await newInvoice();
    const [leaving, staying] = await Promise.all([
      open(invoice.publicId, '127.0.0.3'),
      open(invoice.publicId, '127.0.0.3'),
    ]);
    await leaving.until(() => leaving.events.length === 1, 'the first event');
    await staying.until(() => staying.events.length === 1, 'the first event');
    leaving.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'PENDING', { confirmations: 0 })]);
    await staying.until(() => staying.events.length === 2, 'the change after the other left');
    staying.close();
    // All left: the next stream of the invoice follows it anew.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const later = await open(invoice.publicId, '127.0.0.3');
    await later.until(() => later.events.length === 1, 'the first event');
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '2000000', 'PENDING', { confirmations: 0 })]);
    await later.until(() => later.events.length === 2, 'the change for the new follower');
  });
});
