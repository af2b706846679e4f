import request from 'supertest';
import { createDeployment, TestDeployment } from '../support/builders';
import { CallbackReceiver, eventually, ReceivedCallback, startReceiver } from '../support/callback-receiver';
import { ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { CallbackDeliveryWorker } from '../../src/modules/callbacks/application/callback-delivery.worker';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/** Fast polling, and a first retry late enough (1.5 s) that anything not held back would overtake it. */
const ENV = {
  INDEXER_API_KEY: TEST_INDEXER_KEY,
  CALLBACK_WORKER: 'true',
  CALLBACK_ALLOW_PRIVATE: 'true',
  CALLBACK_POLL_INTERVAL_MS: '50',
  CALLBACK_RETRY_SCHEDULE_MS: '0,1500,300,300,300',
};

interface Event {
  id: string;
  type: string;
  data: { id: string; trackingId?: string | null };
}

const parse = (r: ReceivedCallback) => JSON.parse(r.body) as Event;
const ok = (r: ReceivedCallback) => r.status >= 200 && r.status < 300;

/** A worker's claims counted as they happen, to show that an instance really took part. */
function countClaims(t: TestApp): { claimed: number } {
  const worker = t.app.get(CallbackDeliveryWorker);
  const original = worker.deliverDue.bind(worker);
  const counter = { claimed: 0 };
  jest.spyOn(worker, 'deliverDue').mockImplementation(async () => {
    const n = await original();
    counter.claimed += n;
    return n;
  });
  return counter;
}

describe('callbacks in order per resource, with two instances delivering', () => {
  let scratch: ScratchDatabase;
  let one: TestApp;
  let two: TestApp;
  let d: TestDeployment;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    scratch = await createScratchDatabase('callback_order');
    receiver = await startReceiver();
    one = await createTestApp({ databaseUrl: scratch.url, env: ENV });
    two = await createTestApp({ databaseUrl: scratch.url, env: ENV });
    d = await createDeployment(one);
    const secret = await request(one.http)
      .post(`/api/v1/accounts/${d.accountId}/callback-secret`)
      .set('x-api-key', d.members[0].apiKey);
    expect(secret.status).toBe(201);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await receiver?.close();
    await scratch?.drop();
  });

  const receivedFor = (invoiceId: string) => receiver.received.filter((r) => parse(r).data.id === invoiceId);

  /** The invoice's callbacks in the order they were written (the log's order). */
  async function logOrder(invoiceId: string): Promise<{ id: string; type: string; status: string }[]> {
    const res = await request(one.http)
      .get('/api/v1/callbacks')
      .query({ operationId: invoiceId, pageSize: 100 })
      .set('x-api-key', d.members[0].apiKey);
    expect(res.status).toBe(200);
    return (res.body as { items: { id: string; type: string; status: string }[] }).items;
  }

  it("holds an invoice's later callbacks behind a failed earlier one, and only that invoice's", async () => {
    const tag = `held-${Date.now()}`;
    receiver.answer = (count, _id, body) => {
      const event = JSON.parse(body) as Event;
      return event.type === 'INVOICE_CREATED' && event.data.trackingId === tag && count === 1 ? 500 : 200;
    };
    const body = { requestedAmount: '10', currencyIds: [ETH_USDT], callbackUrl: receiver.url };
    const held = (await createInvoice(one, d, invoiceBody({ ...body, trackingId: tag }))).body as {
      id: string;
      invoiceAddress: string;
    };
    const free = (await createInvoice(one, d, invoiceBody(body))).body as { id: string; invoiceAddress: string };
    await ingest(one, [
      transfer(d, held.invoiceAddress, ETH_USDT, '10000000', 'CONFIRMED', { confirmations: 20 }),
      transfer(d, free.invoiceAddress, ETH_USDT, '10000000', 'CONFIRMED', { confirmations: 20 }),
    ]);
    const expected = ['INVOICE_CREATED', 'INVOICE_DEPOSIT_RECEIVED', 'INVOICE_DEPOSIT_CONFIRMED', 'INVOICE_PAID'];
    await eventually(() => receivedFor(held.id).filter(ok).length === 4 && receivedFor(free.id).length === 4, 20_000);

    const heldArrivals = receivedFor(held.id);
    expect(heldArrivals.map((r) => [parse(r).type, r.status])).toEqual([
      ['INVOICE_CREATED', 500],
      ['INVOICE_CREATED', 200],
      ['INVOICE_DEPOSIT_RECEIVED', 200],
      ['INVOICE_DEPOSIT_CONFIRMED', 200],
      ['INVOICE_PAID', 200],
    ]);
    const retry = heldArrivals[1];
    // The later events existed well before the retry: they were held, not late.
    const written: { type: string; created_at: Date }[] = await one.dataSource.query(
      `SELECT type, created_at FROM callbacks WHERE operation_id = $1 ORDER BY seq`,
      [held.id],
    );
    expect(written.map((row) => row.type)).toEqual(expected);
    expect(written[3].created_at.getTime()).toBeLessThan(retry.receivedAt - 500);

    // The other invoice went through while the first one waited for its retry.
    const freeArrivals = receivedFor(free.id);
    expect(freeArrivals.map((r) => [parse(r).type, r.status])).toEqual(expected.map((type) => [type, 200]));
    expect(freeArrivals[3].receivedAt).toBeLessThan(retry.receivedAt);
    expect((await logOrder(held.id)).map((entry) => [entry.type, entry.status])).toEqual(
      expected.map((type) => [type, 'SENT']),
    );
  });

  it('keeps order and delivers each event exactly once with both instances working the outbox', async () => {
    const claims = [countClaims(one), countClaims(two)];
    // About half the events fail their first attempt, so retries interleave with fresh events.
    receiver.answer = (count, id) => (count === 1 && parseInt(id.slice(-1), 16) < 8 ? 503 : 200);
    const invoices: { id: string; invoiceAddress: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await createInvoice(one, d, invoiceBody({ callbackUrl: receiver.url }));
      expect(res.status).toBe(201);
      invoices.push(res.body as { id: string; invoiceAddress: string });
    }
    // Three deposits per invoice, each seen pending-mined then confirmed: 1 + 3 × 2 events per invoice.
    for (let round = 0; round < 3; round += 1) {
      const hashes = invoices.map(() => txHash());
      await ingest(
        two,
        invoices.map((invoice, i) =>
          transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'EXECUTED', { hash: hashes[i] }),
        ),
      );
      await ingest(
        one,
        invoices.map((invoice, i) =>
          transfer(d, invoice.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED', { hash: hashes[i], confirmations: 20 }),
        ),
      );
    }
    await eventually(async () => {
      const logs = await Promise.all(invoices.map((invoice) => logOrder(invoice.id)));
      return logs.every((entries) => entries.length === 7 && entries.every((entry) => entry.status === 'SENT'));
    }, 60_000);

    for (const invoice of invoices) {
      const order = (await logOrder(invoice.id)).map((entry) => entry.id);
      const arrivals = receivedFor(invoice.id);
      // Exactly once: one successful delivery per event, in the order the events were written.
      expect(arrivals.filter(ok).map((r) => parse(r).id)).toEqual(order);
      // No event reached the receiver before the one before it had been delivered.
      for (let i = 1; i < order.length; i += 1) {
        const previousDelivered = arrivals.findIndex((r) => ok(r) && parse(r).id === order[i - 1]);
        const firstTry = arrivals.findIndex((r) => parse(r).id === order[i]);
        expect(firstTry).toBeGreaterThan(previousDelivered);
      }
    }
    expect(receiver.received.some((r) => !ok(r))).toBe(true);
    // Both instances claimed callbacks.
    for (const claim of claims) expect(claim.claimed).toBeGreaterThan(0);
  });
});
