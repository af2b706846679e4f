import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { ingest, TEST_INDEXER_KEY } from '../support/chain-events';
import { EventStreamClient } from '../support/event-stream';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

interface Invoice {
  id: string;
  publicId: string;
  invoiceAddress: string;
}

/** Ethereum's confirmations for CONFIRMED, as the catalog says. */
const CONFIRMED = { confirmations: 12 };

async function listening(t: TestApp): Promise<string> {
  await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
}

/** The invoice's event stream: GET /api/v1/public/invoices/{publicId}/events. */
describe('payment page events (Server-Sent Events)', () => {
  // A database of its own: one test cuts the change feed's connections, which must be this file's only.
  let db: ScratchDatabase;
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let d: TestDeployment;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    // Two instances on one database, as behind a load balancer; A keeps its streams alive every 200 ms
    // and cuts slow requests after 1 s, which must not cut a stream.
    db = await createScratchDatabase('payment_events');
    a = await createTestApp({
      databaseUrl: db.url,
      env: {
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        PAYMENT_EVENTS_KEEPALIVE_MS: '200',
        HTTP_HEADERS_TIMEOUT: '1',
        HTTP_BODY_TIMEOUT_MS: '1000',
      },
    });
    b = await createTestApp({
      databaseUrl: db.url,
      env: { INDEXER_API_KEY: TEST_INDEXER_KEY, PAYMENT_EVENTS_MAX_STREAMS: '1' },
    });
    [baseA, baseB] = await Promise.all([listening(a), listening(b)]);
    d = await createDeployment(a);
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  async function newInvoice(body: Record<string, unknown> = { requestedAmount: '10', currencyIds: [ETH_USDT] }) {
    const res = await createInvoice(a, d, invoiceBody(body));
    if (res.status !== 201) throw new Error(`create invoice answered ${res.status}`);
    return res.body as Invoice;
  }

  async function open(base: string, publicId: string): Promise<EventStreamClient> {
    const stream = await EventStreamClient.open(`${base}/api/v1/public/invoices/${publicId}/events`);
    streams.push(stream);
    return stream;
  }

  it('sends the public invoice at once, as the public JSON shows it', async () => {
    const invoice = await newInvoice();
    const stream = await open(baseA, invoice.publicId);
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers['cache-control']).toBe('no-store');
    await stream.until(() => stream.events.length === 1, 'the first event');
    expect(stream.events[0].event).toBe('invoice');
    const json = await request(a.http).get(`/api/v1/public/invoices/${invoice.publicId}`);
    expect(stream.invoices()[0]).toEqual(json.body);
    expect(stream.ended).toBe(false);
  });

  it('sends an event for each change: deposit seen, deposit confirmed, status', async () => {
    const invoice = await newInvoice();
    const stream = await open(baseA, invoice.publicId);
    await stream.until(() => stream.events.length === 1, 'the first event');

    const hash = '0x' + 'ab'.repeat(32);
    await ingest(a, [transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'PENDING', { hash, confirmations: 0 })]);
    await stream.until(() => stream.events.length === 2, 'the event for the deposit seen');
    expect(stream.invoices()[1]).toMatchObject({ status: 'CREATED', paidAmount: '0' });

    await ingest(a, [transfer(d, invoice.invoiceAddress, ETH_USDT, '4000000', 'CONFIRMED', { hash, ...CONFIRMED })]);
    await stream.until(() => stream.events.length === 3, 'the event for the deposit confirmed');
    expect(stream.invoices()[2]).toMatchObject({ status: 'CREATED', paidAmount: '4' });

    await ingest(a, [transfer(d, invoice.invoiceAddress, ETH_USDT, '6000000', 'CONFIRMED', CONFIRMED)]);
    await stream.until(() => stream.ended, 'the end after PAID');
    expect(stream.invoices().at(-1)).toMatchObject({ status: 'PAID', paidAmount: '10' });
  });

  it('writes a keep-alive comment on the configured interval, past the slow-request timeout', async () => {
    const invoice = await newInvoice();
    const stream = await open(baseA, invoice.publicId);
    await stream.until(() => stream.comments.length >= 3, 'three keep-alive comments');
    expect(stream.comments.every((comment) => comment === 'keep-alive')).toBe(true);
    // HTTP_BODY_TIMEOUT_MS is 1 s on this instance: the stream outlives it and still carries changes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(stream.ended).toBe(false);
    await ingest(a, [transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'PENDING', { confirmations: 0 })]);
    await stream.until(() => stream.events.length === 2, 'the event after the timeout');
  });

  it('ends after a final status, and at once for an invoice already final', async () => {
    const invoice = await newInvoice({ requestedAmount: '1', currencyIds: [ETH_USDT] });
    const stream = await open(baseA, invoice.publicId);
    await stream.until(() => stream.events.length === 1, 'the first event');
    await ingest(a, [transfer(d, invoice.invoiceAddress, ETH_USDT, '3000000', 'CONFIRMED', CONFIRMED)]);
    await stream.until(() => stream.ended, 'the end after UNRESOLVED');
    expect(stream.invoices().map((i) => i.status)).toEqual(['CREATED', 'UNRESOLVED']);

    const again = await open(baseA, invoice.publicId);
    await again.until(() => again.ended, 'the end of a stream on a final invoice');
    expect(again.invoices().map((i) => i.status)).toEqual(['UNRESOLVED']);
  });

  it('carries a change made through another instance', async () => {
    const invoice = await newInvoice();
    const onA = await open(baseA, invoice.publicId);
    await onA.until(() => onA.events.length === 1, 'the first event');

    // The deposit reaches instance B, and the merchant marks the invoice paid through B.
    await ingest(b, [transfer(d, invoice.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED', CONFIRMED)]);
    await onA.until(() => onA.events.length === 2, "B's deposit on A's stream");
    expect(onA.invoices()[1]).toMatchObject({ paidAmount: '2', status: 'CREATED' });

    const put = await request(b.http)
      .put(`/api/v1/deployments/${d.id}/invoices/${invoice.id}`)
      .set('x-api-key', d.members[0].apiKey)
      .send({ status: 'PAID' });
    expect(put.status).toBe(200);
    await onA.until(() => onA.ended, "the end after B's status change");
    expect(onA.invoices().at(-1)).toMatchObject({ status: 'PAID' });
  });

  it('survives losing its LISTEN connection: it reconnects, reads the invoice again, and carries later changes', async () => {
    const invoice = await newInvoice();
    const stream = await open(baseA, invoice.publicId);
    await stream.until(() => stream.events.length === 1, 'the first event');
    const killed: unknown[] = await a.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'invoice-change-feed' AND datname = current_database()`,
    );
    expect(killed.length).toBeGreaterThan(0);
    // After the reconnect every open stream reads its invoice again, in case a change fell in the gap.
    await stream.until(() => stream.events.length === 2, 'the event after the reconnect');
    await ingest(b, [transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED', CONFIRMED)]);
    await stream.until(() => stream.events.length === 3, 'a change after the reconnect');
    expect(stream.invoices()[2]).toMatchObject({ paidAmount: '1' });
  });

  it('carries a change committed while no instance listens: the re-read after reconnecting finds it', async () => {
    const invoice = await newInvoice();
    const stream = await open(baseA, invoice.publicId);
    await stream.until(() => stream.events.length === 1, 'the first event');
    const feeds = async () =>
      Number(
        (
          (await a.dataSource.query(
            `SELECT count(*) AS n FROM pg_stat_activity
              WHERE application_name = 'invoice-change-feed' AND datname = current_database()`,
          )) as { n: string }[]
        )[0].n,
      );
    await a.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'invoice-change-feed' AND datname = current_database()`,
    );
    // Confirmed and committed in the gap (the feeds reconnect after a second): its NOTIFY reaches nobody.
    await ingest(b, [transfer(d, invoice.invoiceAddress, ETH_USDT, '3000000', 'CONFIRMED', CONFIRMED)]);
    expect(await feeds()).toBe(0);
    await stream.until(() => stream.invoices().at(-1)?.paidAmount === '3', 'the change made in the gap');
    // And the feed is back: a later change arrives as usual.
    await ingest(b, [transfer(d, invoice.invoiceAddress, ETH_USDT, '2000000', 'CONFIRMED', CONFIRMED)]);
    await stream.until(() => stream.invoices().at(-1)?.paidAmount === '5', 'a change after the reconnect');
  });

  it('answers 404 in the error shape for an unknown or malformed public id', async () => {
    for (const publicId of ['123456789', 'abc', '0']) {
      const stream = await open(baseA, publicId);
      expect(stream.response.statusCode).toBe(404);
      expect(JSON.parse(await stream.errorBody!)).toMatchObject({ statusCode: 404, code: 'INVOICE_NOT_FOUND' });
    }
  });

  it('caps the streams of one instance: past the cap a 503 with Retry-After, a freed place is taken again', async () => {
    const invoice = await newInvoice();
    const first = await open(baseB, invoice.publicId);
    await first.until(() => first.events.length === 1, 'the first stream');
    const refused = await open(baseB, invoice.publicId);
    expect(refused.response.statusCode).toBe(503);
    expect(refused.response.headers['retry-after']).toBe('5');
    expect(JSON.parse(await refused.errorBody!)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    // The public JSON, the page's fallback, still answers.
    expect((await request(b.http).get(`/api/v1/public/invoices/${invoice.publicId}`)).status).toBe(200);

    first.close();
    let next: EventStreamClient | undefined;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      next = await open(baseB, invoice.publicId);
      if (next.response.statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(next?.response.statusCode).toBe(200);
  });

  it('ends open streams when the app closes', async () => {
    const c = await createTestApp({ databaseUrl: db.url, env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
    const invoice = await newInvoice();
    const stream = await open(await listening(c), invoice.publicId);
    await stream.until(() => stream.events.length === 1, 'the first event');
    const started = Date.now();
    await c.close();
    await stream.until(() => stream.ended, 'the end on shutdown');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
