import { createHash } from 'node:crypto';
import request from 'supertest';
import { createDeployment, evmWallet, TestDeployment, TestMember } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** Idempotency-Key on POST and PATCH under /api/v1 (docs/contract.md, Merchants). */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let d: TestDeployment;

  beforeAll(async () => {
    t = await createTestApp();
    d = await createDeployment(t);
  });
  afterAll(() => t.close());

  const payoutsPath = `/api/v1/deployments/`;
  const payoutBody = (overrides: Record<string, unknown> = {}) => ({
    deploymentId: d.id,
    currencyId: d.chainId,
    amount: '1.5',
    toAddress: evmWallet().address,
    ...overrides,
  });
  const postPayout = (body: object, key: string | undefined, member: TestMember = d.members[0]) => {
    const req = request(t.http).post(`${payoutsPath}${d.id}/payouts`).set('x-api-key', member.apiKey);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const count = async (sql: string, params: unknown[]) =>
    Number(((await t.dataSource.query(sql, params)) as { n: string }[])[0].n);

  it('20 concurrent identical POSTs create one payout and one queue operation; the rest replay or get 409', async () => {
    const body = payoutBody({ trackingId: 'idem-race' });
    const key = `race-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => postPayout(body, key)));

    const created = answers.filter((res) => res.status === 201);
    const inUse = answers.filter((res) => res.status === 409);
    expect(created.length + inUse.length).toBe(20);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of created) expect(res.body).toEqual(created[0].body);
    for (const res of inUse) expect(res.body.code).toBe('IDEMPOTENCY_KEY_IN_USE');

    expect(
      await count(`SELECT count(*) AS n FROM payouts WHERE deployment_id = $1 AND tracking_id = 'idem-race'`, [d.id]),
    ).toBe(1);
    expect(
      await count(`SELECT count(*) AS n FROM queue_operations WHERE id = $1`, [created[0].body.queueOperationId]),
    ).toBe(1);
    expect(
      await count(`SELECT count(*) AS n FROM queue_operations WHERE payload->>'payoutId' = $1`, [created[0].body.id]),
    ).toBe(1);

    // A later retry replays the first answer, status and body.
    const retry = await postPayout(body, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created[0].body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count(`SELECT count(*) AS n FROM payouts WHERE deployment_id = $1`, [d.id])).toBeGreaterThanOrEqual(1);

    // The same key with another body is refused.
    const changed = await postPayout({ ...body, amount: '2' }, key);
    expect(changed.status).toBe(422);
    expect(changed.body).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(changed.body.message).toMatch(/^\[ERR_422\] /);
    expect(
      await count(`SELECT count(*) AS n FROM payouts WHERE deployment_id = $1 AND tracking_id = 'idem-race'`, [d.id]),
    ).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request with the key is still running', async () => {
    const body = payoutBody({ trackingId: 'in-flight' });
    // The first request waits on the deployment row, held by another transaction.
    const holder = t.dataSource.createQueryRunner();
    await holder.startTransaction();
    await holder.query(`SELECT 1 FROM deployments WHERE id = $1 FOR UPDATE`, [d.id]);
    const first = postPayout(body, 'in-flight').then((res) => res);
    try {
      await waitForLockWaiter();
      const second = await postPayout(body, 'in-flight');
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
      expect(second.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    const done = await first;
    expect(done.status).toBe(201);
    expect(await count(`SELECT count(*) AS n FROM payouts WHERE tracking_id = 'in-flight'`, [])).toBe(1);
    // Once it committed, the key replays it, and another body under it is the reuse error.
    const replay = await postPayout(body, 'in-flight');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(done.body);
    expect((await postPayout({ ...body, amount: '3' }, 'in-flight')).status).toBe(422);
  });

  /** Until a session of the app waits for a row lock. */
  async function waitForLockWaiter(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const waiting = await count(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        [],
      );
      if (waiting > 0) return;
      if (Date.now() > deadline) throw new Error('the request never waited for the row lock');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('keeps nothing of a request refused inside its transaction: no stored key, and the retry runs', async () => {
    const reject = (nonce: string, key: string) =>
      request(t.http)
        .post(`${payoutsPath}${d.id}/operations/reject`)
        .set('x-api-key', d.members[0].apiKey)
        .set('Idempotency-Key', key)
        .send({ nonce });
    expect((await reject('500', 'reject-a')).status).toBe(201);
    // A second live REJECT at one nonce is refused by a unique index, inside the write's transaction.
    const refused = await reject('500', 'reject-b');
    expect(refused.status).toBe(400);
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE idempotency_key = 'reject-b'`, [])).toBe(0);
    const retried = await reject('501', 'reject-b');
    expect(retried.status).toBe(201);
    expect(retried.body.nonce).toBe('501');
  });

  it('without the header every POST runs', async () => {
    const body = payoutBody({ trackingId: 'no-key' });
    expect((await postPayout(body, undefined)).status).toBe(201);
    expect((await postPayout(body, undefined)).status).toBe(201);
    expect(
      await count(`SELECT count(*) AS n FROM payouts WHERE deployment_id = $1 AND tracking_id = 'no-key'`, [d.id]),
    ).toBe(2);
  });

  it('scopes keys per credential: another member with the same key gets its own payout', async () => {
    const body = payoutBody({ trackingId: 'per-credential' });
    const first = await postPayout(body, 'shared-key', d.members[0]);
    const second = await postPayout(body, 'shared-key', d.members[1]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('scopes keys per path: the same key on another endpoint is another key', async () => {
    const payout = await postPayout(payoutBody(), 'path-key');
    const invoice = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set('x-api-key', d.members[0].apiKey)
      .set('Idempotency-Key', 'path-key')
      .send({ requestedAmount: null, paymentPageButtonUrl: null, paymentPageButtonText: null });
    expect(payout.status).toBe(201);
    expect(invoice.status).toBe(201);
  });

  it('rejects a key that is empty or longer than 255 characters with 400', async () => {
    for (const key of ['', 'k'.repeat(256)]) {
      const res = await postPayout(payoutBody(), key);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', details: [{ field: 'Idempotency-Key' }] });
    }
    expect((await postPayout(payoutBody(), 'k'.repeat(255))).status).toBe(201);
  });

  it('does not keep a failed request: the key is free for the corrected retry', async () => {
    const bad = await postPayout(payoutBody({ amount: 'lots' }), 'fix-and-retry');
    expect(bad.status).toBe(400);
    const fixed = await postPayout(payoutBody({ trackingId: 'fixed' }), 'fix-and-retry');
    expect(fixed.status).toBe(201);
  });

  it('replays PATCH too, and a different PATCH body under the key is 422', async () => {
    const payout = (await postPayout(payoutBody(), undefined)).body as { id: string };
    const patch = (body: object) =>
      request(t.http)
        .patch(`${payoutsPath}${d.id}/payouts/${payout.id}`)
        .set('x-api-key', d.members[0].apiKey)
        .set('Idempotency-Key', 'patch-key')
        .send(body);
    const first = await patch({ trackingId: 'patched-1' });
    expect(first.status).toBe(200);
    const replay = await patch({ trackingId: 'patched-1' });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await patch({ trackingId: 'patched-2' })).status).toBe(422);
  });

  it('keeps only a hash of the credential, and the answer expires after 24 h', async () => {
    await postPayout(payoutBody(), 'stored-key');
    const rows: { credential_hash: string; hours: string }[] = await t.dataSource.query(
      `SELECT credential_hash, extract(epoch FROM expires_at - created_at) / 3600 AS hours
         FROM idempotency_keys WHERE idempotency_key = 'stored-key'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].credential_hash).toBe(createHash('sha256').update(`api-key:${d.members[0].apiKey}`).digest('hex'));
    expect(Number(rows[0].hours)).toBe(24);
    const dump = JSON.stringify(await t.dataSource.query(`SELECT * FROM idempotency_keys`));
    expect(dump).not.toContain(d.members[0].apiKey);
  });

  it('runs a request again once its stored answer has expired', async () => {
    const body = payoutBody({ trackingId: 'expired-key' });
    const first = await postPayout(body, 'expiring');
    await t.dataSource.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE idempotency_key = 'expiring'`,
    );
    const second = await postPayout(body, 'expiring');
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it('still answers 401 for a bad credential, whatever the key', async () => {
    const res = await request(t.http)
      .post(`${payoutsPath}${d.id}/payouts`)
      .set('x-api-key', 'nope')
      .set('Idempotency-Key', 'k')
      .send(payoutBody());
    expect(res.status).toBe(401);
  });
});
