import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { createDeployment, createMember, evmWallet, TestDeployment } from '../support/builders';
import { CallbackReceiver, eventually, ReceivedCallback, startReceiver } from '../support/callback-receiver';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createConfigChange, executionEvent, OperationBody, queuePath, sign, submission } from '../support/queue';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const ENV = {
  INDEXER_API_KEY: TEST_INDEXER_KEY,
  CALLBACK_WORKER: 'true',
  CALLBACK_ALLOW_PRIVATE: 'true',
  CALLBACK_POLL_INTERVAL_MS: '50',
  CALLBACK_RETRY_SCHEDULE_MS: '0,200,200',
};

interface OperationEvent {
  id: string;
  type: string;
  createdAt: string;
  data: OperationBody & Record<string, unknown>;
}

const settingsPath = (d: TestDeployment) => `/api/v1/accounts/${d.accountId}/callback-settings`;

describe('queue notifications (OPERATION_* callbacks)', () => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let d: TestDeployment;
  let secret: string;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    scratch = await createScratchDatabase('queue_notifications');
    t = await createTestApp({ databaseUrl: scratch.url, env: ENV });
    d = await createDeployment(t);
    receiver = await startReceiver();
    const res = await request(t.http)
      .post(`/api/v1/accounts/${d.accountId}/callback-secret`)
      .set('x-api-key', d.members[0].apiKey);
    secret = (res.body as { secret: string }).secret;
    const put = await request(t.http)
      .put(settingsPath(d))
      .set('x-api-key', d.members[2].apiKey)
      .send({ operationsCallbackUrl: receiver.url });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await scratch?.drop();
  });
  beforeEach(() => {
    receiver.answer = () => 200;
  });

  /** Every event of one operation that reached the receiver with a 2xx, after checking its signature. */
  function deliveredFor(operationId: string): OperationEvent[] {
    const webhook = new Webhook(secret);
    return receiver.received
      .filter((r: ReceivedCallback) => r.status === 200)
      .map(
        (r) =>
          webhook.verify(r.body, {
            'webhook-id': String(r.headers['webhook-id']),
            'webhook-timestamp': String(r.headers['webhook-timestamp']),
            'webhook-signature': String(r.headers['webhook-signature']),
          }) as OperationEvent,
      )
      .filter((event) => event.data.id === operationId);
  }

  const types = (operationId: string) => deliveredFor(operationId).map((event) => event.type);

  async function logOf(operationId: string) {
    const res = await request(t.http)
      .get('/api/v1/callbacks')
      .query({ operationId })
      .set('x-api-key', d.members[1].apiKey);
    expect(res.status).toBe(200);
    return (res.body as { items: { id: string; type: string; status: string; operationType: string }[] }).items;
  }

  async function signBy(operation: OperationBody, count: number): Promise<void> {
    for (const member of d.approvers.slice(0, count)) {
      await sign(t, d, member, operation.id, await submission(member, d, '1.2.0-evm', operation)).expect(200);
    }
  }

  describe('GET and PUT /api/v1/accounts/{accountId}/callback-settings', () => {
    it('reads null before anything is set, then what a member set, and null clears it', async () => {
      const other = await createDeployment(t);
      const as = { 'x-api-key': other.members[1].apiKey };
      expect((await request(t.http).get(settingsPath(other)).set(as)).body).toEqual({ operationsCallbackUrl: null });
      const url = 'https://merchant.example.com/queue?token=abc';
      const put = await request(t.http).put(settingsPath(other)).set(as).send({ operationsCallbackUrl: url });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ operationsCallbackUrl: url });
      const read = await request(t.http).get(settingsPath(other)).set('x-api-key', other.members[0].apiKey);
      expect(read.body).toEqual({ operationsCallbackUrl: url });
      await request(t.http).put(settingsPath(other)).set(as).send({ operationsCallbackUrl: null }).expect(200);
      expect((await request(t.http).get(settingsPath(other)).set(as)).body).toEqual({ operationsCallbackUrl: null });
    });

    it('answers 400 for a bad body, changing nothing', async () => {
      const as = { 'x-api-key': d.members[0].apiKey };
      for (const body of [
        {},
        { operationsCallbackUrl: 'ftp://example.com/x' },
        { operationsCallbackUrl: 'not a url' },
        { operationsCallbackUrl: 42 },
        { operationsCallbackUrl: `https://example.com/${'a'.repeat(2048)}` },
        { operationsCallbackUrl: 'https://example.com/x', callbackUrl: 'https://example.com/y' },
      ]) {
        const res = await request(t.http).put(settingsPath(d)).set(as).send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^\[ERR_400\]/);
      }
      expect((await request(t.http).get(settingsPath(d)).set(as)).body).toEqual({
        operationsCallbackUrl: receiver.url,
      });
    });

    it('answers 401 without a credential and 404 for a non-member or an unknown account', async () => {
      expect((await request(t.http).get(settingsPath(d))).status).toBe(401);
      expect((await request(t.http).put(settingsPath(d)).send({ operationsCallbackUrl: null })).status).toBe(401);
      const stranger = await createMember(t);
      for (const path of [settingsPath(d), `/api/v1/accounts/${randomUUID()}/callback-settings`]) {
        const get = await request(t.http).get(path).set('x-api-key', stranger.apiKey);
        expect(get.status).toBe(404);
        expect(get.body.code).toBe('ACCOUNT_NOT_FOUND');
        const put = await request(t.http)
          .put(path)
          .set('x-api-key', stranger.apiKey)
          .send({ operationsCallbackUrl: 'https://evil.example.com/' });
        expect(put.status).toBe(404);
      }
      expect((await request(t.http).get(settingsPath(d)).set('x-api-key', d.members[0].apiKey)).body).toEqual({
        operationsCallbackUrl: receiver.url,
      });
    });
  });

  it('tells created, each signature, ready and executed, in order, and cancels the rival at the same nonce', async () => {
    const operation = await createConfigChange(t, d);
    const rivalRes = await request(t.http)
      .post(queuePath(d.id, '/reject'))
      .set('x-api-key', d.members[1].apiKey)
      .send({ nonce: operation.nonce });
    expect(rivalRes.status).toBe(201);
    const rival = rivalRes.body as OperationBody;
    await signBy(operation, d.threshold);
    await ingest(t, [executionEvent(d, [operation.id], 'EXECUTED', txHash(), eventId())]);

    const expected = [
      'OPERATION_CREATED',
      ...Array.from({ length: d.threshold }, () => 'OPERATION_SIGNED'),
      'OPERATION_READY',
      'OPERATION_EXECUTED',
    ];
    await eventually(() => types(operation.id).length === expected.length && types(rival.id).length === 2);
    const events = deliveredFor(operation.id);
    expect(events.map((event) => event.type)).toEqual(expected);
    expect(events.map((event) => [event.data.status, event.data.signaturesCollected])).toEqual([
      ['PENDING', 0],
      ...Array.from({ length: d.threshold }, (_, i) => [i + 1 === d.threshold ? 'READY' : 'PENDING', i + 1]),
      ['READY', d.threshold],
      ['EXECUTED', d.threshold],
    ]);
    for (const event of events) {
      // Seen by no particular caller.
      expect(event.data).toMatchObject({ userSigned: false, canSign: false, canDelete: false, canReject: false });
      expect(event.data.id).toBe(operation.id);
    }
    expect(deliveredFor(rival.id).map((event) => [event.type, event.data.status])).toEqual([
      ['OPERATION_CREATED', 'PENDING'],
      ['OPERATION_CANCELLED', 'CANCELLED'],
    ]);

    const log = await logOf(operation.id);
    expect(log.map((entry) => [entry.type, entry.status, entry.operationType])).toEqual(
      expected.map((type) => [type, 'SENT', 'queue_operation']),
    );
  });

  it('tells a failed execution and a deletion, and a PAYOUT operation too', async () => {
    const failing = await createConfigChange(t, d);
    await ingest(t, [executionEvent(d, [failing.id], 'FAILED', txHash(), eventId())]);
    const deleted = await createConfigChange(t, d);
    await request(t.http)
      .delete(queuePath(d.id, `/${deleted.id}`))
      .set('x-api-key', d.members[0].apiKey)
      .expect(200);
    const payout = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[0].apiKey)
      .send({ deploymentId: d.id, currencyId: d.chainId, amount: '1', toAddress: evmWallet().address });
    expect(payout.status).toBe(201);
    const payoutOperationId = (payout.body as { queueOperationId: string }).queueOperationId;

    await eventually(
      () => types(failing.id).length === 2 && types(deleted.id).length === 2 && types(payoutOperationId).length === 1,
    );
    expect(deliveredFor(failing.id).map((event) => [event.type, event.data.status])).toEqual([
      ['OPERATION_CREATED', 'PENDING'],
      ['OPERATION_FAILED', 'FAILED'],
    ]);
    expect(types(deleted.id)).toEqual(['OPERATION_CREATED', 'OPERATION_DELETED']);
    expect(deliveredFor(payoutOperationId)[0].data).toMatchObject({ operationType: 'PAYOUT', status: 'PENDING' });
  });

  it('can resend a FAILED operation callback', async () => {
    receiver.answer = () => 410;
    const operation = await createConfigChange(t, d);
    const [failed] = await eventually(async () => {
      const log = await logOf(operation.id);
      return log[0]?.status === 'FAILED' ? log : undefined;
    });
    receiver.answer = () => 200;
    const resend = await request(t.http)
      .post('/api/v1/callbacks/resend')
      .set('x-api-key', d.members[0].apiKey)
      .send({ ids: [failed.id] });
    expect(resend.body).toEqual({ requeuedCount: 1 });
    await eventually(() => types(operation.id).length === 1);
    expect(deliveredFor(operation.id)[0]).toMatchObject({ id: failed.id, type: 'OPERATION_CREATED' });
  });

  it('writes nothing for an account without an operationsCallbackUrl, nor for a change that rolled back', async () => {
    const quiet = await createDeployment(t);
    const operation = await createConfigChange(t, quiet);
    const rows: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM callbacks WHERE operation_id = $1`,
      [operation.id],
    );
    expect(Number(rows[0].n)).toBe(0);

    const watched = await createConfigChange(t, d);
    const approver = d.approvers[0];
    const signature = await submission(approver, d, '1.2.0-evm', watched);
    await sign(t, d, approver, watched.id, signature).expect(200);
    // The same signer again is refused: nothing is written for it.
    const refused = await sign(t, d, approver, watched.id, signature);
    expect(refused.status).toBe(400);
    const after: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM callbacks WHERE operation_id = $1`,
      [watched.id],
    );
    expect(Number(after[0].n)).toBe(2);
  });
});

describe('queue notifications to a private address (CALLBACK_ALLOW_PRIVATE off)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { CALLBACK_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a private operationsCallbackUrl with 400 CALLBACK_URL_NOT_ALLOWED', async () => {
    const d = await createDeployment(t);
    const res = await request(t.http)
      .put(settingsPath(d))
      .set('x-api-key', d.members[0].apiKey)
      .send({ operationsCallbackUrl: 'http://169.254.169.254/latest/meta-data' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CALLBACK_URL_NOT_ALLOWED',
      details: [{ field: 'operationsCallbackUrl' }],
    });
  });
});
