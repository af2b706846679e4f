import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { createDeployment, createMember, evmWallet, TestDeployment } from '../support/builders';
import { CallbackReceiver, eventually, startReceiver } from '../support/callback-receiver';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { claimEvent, createInvoice, ETH_USDT, invoiceBody, transfer } from '../support/invoices';
import { executionEvent, getOperation, OperationBody, queuePath, sign, submission } from '../support/queue';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { CallbackRepository } from '../../src/modules/callbacks/domain/callback.repository';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

interface CallbackLogItem {
  id: string;
  url: string;
  type: string;
  status: string;
  operationId: string;
  operationType: string;
  attempt: number;
  timeSent: string | null;
  responseCode: number | null;
  responseBody: string | null;
}

/** A worker that polls every 50 ms and retries after 200 ms: the schedule's shape, not its hours. */
const FAST = {
  INDEXER_API_KEY: TEST_INDEXER_KEY,
  CALLBACK_WORKER: 'true',
  CALLBACK_ALLOW_PRIVATE: 'true',
  CALLBACK_POLL_INTERVAL_MS: '50',
  CALLBACK_RETRY_SCHEDULE_MS: '0,200,200,200',
};

async function newSecret(t: TestApp, d: TestDeployment): Promise<string> {
  const res = await request(t.http)
    .post(`/api/v1/accounts/${d.accountId}/callback-secret`)
    .set('x-api-key', d.members[0].apiKey);
  if (res.status !== 201) throw new Error(`callback-secret answered ${res.status}`);
  return (res.body as { secret: string }).secret;
}

async function log(t: TestApp, d: TestDeployment, operationId: string): Promise<CallbackLogItem[]> {
  const res = await request(t.http)
    .get('/api/v1/callbacks')
    .query({ operationId, pageSize: 100 })
    .set('x-api-key', d.members[0].apiKey);
  if (res.status !== 200) throw new Error(`callbacks log answered ${res.status}`);
  return (res.body as { items: CallbackLogItem[] }).items;
}

/** Parses a received callback after checking its Standard Webhooks signature with the official package. */
function verified(secret: string, r: { headers: Record<string, unknown>; body: string }) {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

describe('callbacks (docs/contract.md, Merchants)', () => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let d: TestDeployment;
  let secret: string;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    // A database of its own: the worker delivers every due callback it finds.
    scratch = await createScratchDatabase('callbacks');
    t = await createTestApp({ databaseUrl: scratch.url, env: FAST });
    d = await createDeployment(t);
    secret = await newSecret(t, d);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await scratch?.drop();
  });
  beforeEach(() => {
    receiver.answer = () => 200;
  });

  const receivedFor = (operationId: string) =>
    receiver.received.filter((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id === operationId);

  describe('POST /api/v1/accounts/{accountId}/callback-secret', () => {
    it('shows a whsec_ secret once, replaces the old one, and stores it only encrypted', async () => {
      const other = await createDeployment(t, { memberCount: 2 });
      const first = await newSecret(t, other);
      expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(first.slice(6), 'base64')).toHaveLength(32);
      const second = await newSecret(t, other);
      expect(second).not.toBe(first);
      const rows: { secret_ciphertext: string }[] = await t.dataSource.query(
        `SELECT secret_ciphertext FROM account_callback_secrets WHERE account_id = $1`,
        [other.accountId],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].secret_ciphertext).not.toContain(second.slice(6));
      expect(rows[0].secret_ciphertext).not.toContain(first.slice(6));
    });

    it('is 401 without a credential, 404 for a non-member or an unknown account, 400 for a malformed id', async () => {
      const path = `/api/v1/accounts/${d.accountId}/callback-secret`;
      expect((await request(t.http).post(path)).status).toBe(401);
      const stranger = await createMember(t);
      const foreign = await request(t.http).post(path).set('x-api-key', stranger.apiKey);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('ACCOUNT_NOT_FOUND');
      const unknown = await request(t.http)
        .post(`/api/v1/accounts/${randomUUID()}/callback-secret`)
        .set('x-api-key', d.members[0].apiKey);
      expect(unknown.status).toBe(404);
      // The same answer as every account route gives a malformed id.
      const malformed = await request(t.http)
        .post('/api/v1/accounts/not-a-uuid/callback-secret')
        .set('x-api-key', d.members[0].apiKey);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({ code: 'INVALID_ACCOUNT_ID', details: [{ field: 'accountId' }] });
    });
  });

  it('delivers each invoice event once, signed so that the standardwebhooks package verifies it', async () => {
    const created = await createInvoice(
      t,
      d,
      invoiceBody({ requestedAmount: '10', currencyIds: [ETH_USDT], callbackUrl: receiver.url }),
    );
    expect(created.status).toBe(201);
    const invoice = created.body as { id: string; invoiceAddress: string };
    await eventually(() => receivedFor(invoice.id).length === 1);

    const [first] = receivedFor(invoice.id);
    const event = verified(secret, first);
    expect(event).toMatchObject({ type: 'INVOICE_CREATED', data: { id: invoice.id, status: 'CREATED' } });
    expect(event.id).toBe(first.headers['webhook-id']);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        first.body,
        first.headers as Record<string, string>,
      ),
    ).toThrow();

    // One confirmed deposit of the full amount: received, confirmed, paid.
    await ingest(t, [transfer(d, invoice.invoiceAddress, ETH_USDT, '10000000', 'CONFIRMED', { confirmations: 20 })]);
    await eventually(() => receivedFor(invoice.id).length === 4);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const events = receivedFor(invoice.id).map((r) => verified(secret, r));
    expect(events.map((e) => e.type).sort()).toEqual(
      ['INVOICE_CREATED', 'INVOICE_DEPOSIT_CONFIRMED', 'INVOICE_DEPOSIT_RECEIVED', 'INVOICE_PAID'].sort(),
    );
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
    expect(events.find((e) => e.type === 'INVOICE_PAID')?.data).toMatchObject({ status: 'PAID', paidAmount: '10' });

    const entries = await log(t, d, invoice.id);
    expect(entries).toHaveLength(4);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        url: receiver.url,
        status: 'SENT',
        operationId: invoice.id,
        operationType: 'invoice',
        attempt: 1,
        responseCode: 200,
        responseBody: 'answered 200',
      });
      expect(entry.timeSent).toMatch(/Z$/);
    }
  });

  it('retries a callback the receiver answered 500, with the same event id, and logs both attempts', async () => {
    receiver.answer = (count) => (count === 1 ? 500 : 200);
    const invoice = (await createInvoice(t, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    await eventually(() => receivedFor(invoice.id).length === 2);
    const [failed, retried] = receivedFor(invoice.id);
    expect(failed.status).toBe(500);
    expect(retried.status).toBe(200);
    expect(retried.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    expect(verified(secret, retried).id).toBe(verified(secret, failed).id);
    const [entry] = await eventually(async () => {
      const entries = await log(t, d, invoice.id);
      return entries[0]?.status === 'SENT' ? entries : undefined;
    });
    expect(entry).toMatchObject({ type: 'INVOICE_CREATED', attempt: 2, responseCode: 200 });
  });

  it('stops at 410 Gone', async () => {
    receiver.answer = () => 410;
    const invoice = (await createInvoice(t, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    const [entry] = await eventually(async () => {
      const entries = await log(t, d, invoice.id);
      return entries[0]?.status === 'FAILED' ? entries : undefined;
    });
    expect(entry).toMatchObject({ attempt: 1, responseCode: 410 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receivedFor(invoice.id)).toHaveLength(1);
  });

  it('gives up after the schedule, and resend requeues FAILED callbacks only', async () => {
    receiver.answer = () => 503;
    const invoice = (await createInvoice(t, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    const [failed] = await eventually(async () => {
      const entries = await log(t, d, invoice.id);
      return entries[0]?.status === 'FAILED' ? entries : undefined;
    });
    expect(failed).toMatchObject({ attempt: 4, responseCode: 503 });
    expect(receivedFor(invoice.id)).toHaveLength(4);

    const sentInvoice = (await createInvoice(t, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    receiver.answer = () => 200;
    const [sent] = await eventually(async () => {
      const entries = await log(t, d, sentInvoice.id);
      return entries[0]?.status === 'SENT' ? entries : undefined;
    });

    // Another account's member cannot requeue it.
    const stranger = await createMember(t);
    const foreign = await request(t.http)
      .post('/api/v1/callbacks/resend')
      .set('x-api-key', stranger.apiKey)
      .send({ ids: [failed.id] });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual({ requeuedCount: 0 });

    const resend = await request(t.http)
      .post('/api/v1/callbacks/resend')
      .set('x-api-key', d.members[0].apiKey)
      .send({ ids: [failed.id, sent.id, randomUUID()] });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ requeuedCount: 1 });
    const [delivered] = await eventually(async () => {
      const entries = await log(t, d, invoice.id);
      return entries[0]?.status === 'SENT' ? entries : undefined;
    });
    expect(delivered).toMatchObject({ id: failed.id, attempt: 5, responseCode: 200 });
    expect(new Set(receivedFor(invoice.id).map((r) => r.headers['webhook-id']))).toEqual(new Set([failed.id]));
  });

  it('answers 400 for a bad resend body and a bad log query, and 401 without a credential', async () => {
    const as = { 'x-api-key': d.members[0].apiKey };
    for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { ids: Array.from({ length: 101 }, () => randomUUID()) }]) {
      expect((await request(t.http).post('/api/v1/callbacks/resend').set(as).send(body)).status).toBe(400);
    }
    expect((await request(t.http).get('/api/v1/callbacks').set(as)).status).toBe(400);
    expect((await request(t.http).get('/api/v1/callbacks').query({ operationId: 'x' }).set(as)).status).toBe(400);
    expect((await request(t.http).get('/api/v1/callbacks').query({ operationId: randomUUID() })).status).toBe(401);
    expect(
      (
        await request(t.http)
          .post('/api/v1/callbacks/resend')
          .send({ ids: [randomUUID()] })
      ).status,
    ).toBe(401);
  });

  it("shows another account's log to nobody else", async () => {
    const invoice = (await createInvoice(t, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    await eventually(() => receivedFor(invoice.id).length === 1);
    const stranger = await createMember(t);
    const res = await request(t.http)
      .get('/api/v1/callbacks')
      .query({ operationId: invoice.id })
      .set('x-api-key', stranger.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 0, items: [] });
  });

  it('tells a payout its creation and its cancellation', async () => {
    const created = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[0].apiKey)
      .send({
        deploymentId: d.id,
        currencyId: d.chainId,
        amount: '1',
        toAddress: evmWallet().address,
        callbackUrl: receiver.url,
      });
    expect(created.status).toBe(201);
    const payout = created.body as { id: string; queueOperationId: string };
    const deleted = await request(t.http)
      .delete(queuePath(d.id, `/${payout.queueOperationId}`))
      .set('x-api-key', d.members[0].apiKey);
    expect(deleted.status).toBe(200);
    await eventually(() => receivedFor(payout.id).length === 2);
    // One payout's callbacks arrive in the order its changes happened.
    const events = receivedFor(payout.id).map((r) => verified(secret, r));
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['PAYOUT_CREATED', 'CREATED'],
      ['PAYOUT_CANCELED', 'CANCELED'],
    ]);
    const entries = await log(t, d, payout.id);
    expect(entries.map((e) => e.operationType)).toEqual(['payout', 'payout']);
  });

  it('tells a payout it was signed, sent and executed, as the queue and the chain move it', async () => {
    const res = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[0].apiKey)
      .send({
        deploymentId: d.id,
        currencyId: d.chainId,
        amount: '2',
        toAddress: evmWallet().address,
        callbackUrl: receiver.url,
      });
    expect(res.status).toBe(201);
    const payout = res.body as { id: string; queueOperationId: string };
    const operation = (await getOperation(t, d, d.members[0], payout.queueOperationId).expect(200))
      .body as OperationBody;
    for (const member of d.approvers.slice(0, d.threshold)) {
      await sign(t, d, member, operation.id, await submission(member, d, '1.2.0-evm', operation)).expect(200);
    }
    const hash = txHash();
    await ingest(t, [executionEvent(d, [operation.id], 'PENDING', hash, eventId())]);
    await ingest(t, [executionEvent(d, [operation.id], 'EXECUTED', hash, eventId())]);
    await eventually(() => receivedFor(payout.id).length === 4);
    // One payout's callbacks arrive in the order its changes happened.
    const events = receivedFor(payout.id).map((r) => verified(secret, r));
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['PAYOUT_CREATED', 'CREATED'],
      ['PAYOUT_SIGNED', 'SIGNED'],
      ['PAYOUT_SENT', 'SENT'],
      ['PAYOUT_EXECUTED', 'EXECUTED'],
    ]);
  });

  it('tells an invoice its deposits were claimed', async () => {
    const fresh = await createDeployment(t);
    const freshSecret = await newSecret(t, fresh);
    const invoice = (
      await createInvoice(
        t,
        fresh,
        invoiceBody({ requestedAmount: '1', currencyIds: [ETH_USDT], callbackUrl: receiver.url }),
      )
    ).body as { id: string; invoiceAddress: string };
    await ingest(t, [transfer(fresh, invoice.invoiceAddress, ETH_USDT, '1000000', 'CONFIRMED')]);
    await ingest(t, [claimEvent(fresh, ETH_USDT, ['0'], 'EXECUTED')]);
    await eventually(() => receivedFor(invoice.id).some((r) => verified(freshSecret, r).type === 'INVOICE_CLAIMED'));
    const types = receivedFor(invoice.id).map((r) => verified(freshSecret, r).type);
    expect(types.filter((type) => type === 'INVOICE_CLAIMED')).toHaveLength(1);
    expect(types).toEqual(expect.arrayContaining(['INVOICE_CREATED', 'INVOICE_DEPOSIT_RECEIVED', 'INVOICE_PAID']));
  });

  it('writes no callback for a change that rolled back', async () => {
    const body = invoiceBody({ trackingId: `dup-${Date.now()}`, callbackUrl: receiver.url });
    expect((await createInvoice(t, d, body)).status).toBe(201);
    expect((await createInvoice(t, d, body)).status).toBe(409);
    const rows: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM callbacks WHERE body::jsonb -> 'data' ->> 'trackingId' = $1`,
      [body.trackingId],
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});

describe('callbacks to private addresses (CALLBACK_ALLOW_PRIVATE off)', () => {
  let scratch: ScratchDatabase;
  let setup: TestApp;
  let strict: TestApp;
  let d: TestDeployment;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    scratch = await createScratchDatabase('callbacks_private');
    receiver = await startReceiver();
    // Rows made while private addresses were allowed, then delivered by an instance that refuses them.
    setup = await createTestApp({ databaseUrl: scratch.url, env: { ...FAST, CALLBACK_WORKER: 'false' } });
    d = await createDeployment(setup);
    await newSecret(setup, d);
    strict = await createTestApp({ databaseUrl: scratch.url, env: { ...FAST, CALLBACK_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await strict?.close();
    await setup?.close();
    await receiver?.close();
    await scratch?.drop();
  });

  it('refuses a private, loopback or link-local callbackUrl when it is set', async () => {
    for (const url of [
      receiver.url,
      'http://localhost:8080/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/x',
      'https://192.168.0.10/x',
    ]) {
      const res = await createInvoice(strict, d, invoiceBody({ callbackUrl: url }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'CALLBACK_URL_NOT_ALLOWED', details: [{ field: 'callbackUrl' }] });
    }
    const payout = await request(strict.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[0].apiKey)
      .send({
        deploymentId: d.id,
        currencyId: d.chainId,
        amount: '1',
        toAddress: evmWallet().address,
        callbackUrl: 'http://127.0.0.1/x',
      });
    expect(payout.status).toBe(400);
    expect((await createInvoice(strict, d, invoiceBody({ callbackUrl: 'https://shop.example/cb' }))).status).toBe(201);
  });

  it('refuses at delivery an address it resolves to, or is, private: FAILED, nothing sent', async () => {
    const ids: string[] = [];
    for (const url of [receiver.url, `http://localhost:${receiver.port}/hooks`]) {
      const res = await createInvoice(setup, d, invoiceBody({ callbackUrl: url }));
      expect(res.status).toBe(201);
      ids.push((res.body as { id: string }).id);
    }
    for (const id of ids) {
      const [entry] = await eventually(async () => {
        const entries = await log(strict, d, id);
        return entries[0]?.status === 'FAILED' ? entries : undefined;
      });
      expect(entry).toMatchObject({ attempt: 1, responseCode: null });
    }
    const reasons: { last_error: string }[] = await strict.dataSource.query(
      `SELECT last_error FROM callbacks WHERE operation_id = ANY($1::uuid[])`,
      [ids],
    );
    for (const { last_error } of reasons) expect(last_error).toMatch(/private/);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('callback delivery across instances', () => {
  let scratch: ScratchDatabase;
  let receiver: CallbackReceiver;
  const apps: TestApp[] = [];
  const env = { ...FAST, CALLBACK_RETRY_SCHEDULE_MS: '0,1500,200' };

  beforeAll(async () => {
    scratch = await createScratchDatabase('callbacks_instances');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await receiver?.close();
    await scratch?.drop();
  });

  it('delivers after a restart in the middle of the retries, with the same event id', async () => {
    const first = await createTestApp({ databaseUrl: scratch.url, env });
    const d = await createDeployment(first);
    await newSecret(first, d);
    receiver.answer = (count) => (count === 1 ? 500 : 200);
    const invoice = (await createInvoice(first, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    await eventually(async () => (await log(first, d, invoice.id))[0]?.status === 'RETRY');
    expect(receiver.received).toHaveLength(1);
    await first.close();

    const second = await createTestApp({ databaseUrl: scratch.url, env });
    apps.push(second);
    await eventually(() => receiver.received.length === 2);
    expect(receiver.received[1].headers['webhook-id']).toBe(receiver.received[0].headers['webhook-id']);
    expect(receiver.received[1].status).toBe(200);
    const [entry] = await eventually(async () => {
      const entries = await log(second, d, invoice.id);
      return entries[0]?.status === 'SENT' ? entries : undefined;
    });
    expect(entry).toMatchObject({ attempt: 2, responseCode: 200 });
  });

  it('never sends one callback twice with several instances delivering', async () => {
    apps.push(
      await createTestApp({ databaseUrl: scratch.url, env }),
      await createTestApp({ databaseUrl: scratch.url, env }),
    );
    receiver.answer = () => 200;
    const d = await createDeployment(apps[0]);
    await newSecret(apps[0], d);
    const before = receiver.received.length;
    const invoices = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        createInvoice(apps[i % apps.length], d, invoiceBody({ callbackUrl: receiver.url })),
      ),
    );
    expect(invoices.every((res) => res.status === 201)).toBe(true);
    await eventually(() => receiver.received.length - before === 15);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = receiver.received.slice(before).map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(15);
    expect(new Set(ids).size).toBe(15);
  });
});

describe('a worker that dies holding a claim', () => {
  let scratch: ScratchDatabase;
  let receiver: CallbackReceiver;
  let idle: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase('callbacks_lease');
    receiver = await startReceiver();
    idle = await createTestApp({ databaseUrl: scratch.url, env: { ...FAST, CALLBACK_WORKER: 'false' } });
  });
  afterAll(async () => {
    await worker?.close();
    await idle?.close();
    await receiver?.close();
    await scratch?.drop();
  });

  it('leaves the callback due again once its lease runs out, and its late report changes nothing', async () => {
    const d = await createDeployment(idle);
    await newSecret(idle, d);
    const invoice = (await createInvoice(idle, d, invoiceBody({ callbackUrl: receiver.url }))).body as { id: string };
    // The dead worker's claim: one attempt taken, a lease, and then nothing.
    const repository = idle.app.get(CallbackRepository);
    const leaseMs = 2_000;
    const claimedAt = Date.now();
    const [claimed] = await repository.claimDue(10, leaseMs);
    expect(claimed).toMatchObject({ operationId: invoice.id, attempt: 1 });
    expect(await repository.claimDue(10, leaseMs)).toEqual([]);

    worker = await createTestApp({ databaseUrl: scratch.url, env: FAST });
    await eventually(() => receiver.received.length === 1);
    expect(receiver.received[0].headers['webhook-id']).toBe(claimed.id);
    // Not before the lease ran out, however long the live worker took to start.
    expect(receiver.received[0].receivedAt).toBeGreaterThanOrEqual(claimedAt + leaseMs);
    const [sent] = await eventually(async () => {
      const entries = await log(worker as TestApp, d, invoice.id);
      return entries[0]?.status === 'SENT' ? entries : undefined;
    });
    expect(sent).toMatchObject({ attempt: 2, responseCode: 200 });

    // The dead worker wakes up and reports its attempt: the row has moved on, so it is ignored.
    await repository.recordAttempt(claimed.id, claimed.attempt, {
      status: 'FAILED',
      scheduleStep: 0,
      retryInMs: null,
      responseCode: 500,
      responseBody: 'late',
      error: null,
    });
    expect((await log(idle, d, invoice.id))[0]).toMatchObject({ status: 'SENT', attempt: 2, responseCode: 200 });
  });
});
