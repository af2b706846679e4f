import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { ApiKeysService } from '../../src/modules/auth/application/api-keys.service';
import type { Scope } from '../../src/modules/auth/domain/rights';
import { createDeployment, createMember, evmWallet, jwtFor, TestDeployment, TestMember } from '../support/builders';
import { cliJson, runCli } from '../support/cli';
import { csvObjects } from '../support/csv';
import { createInvoice, invoiceBody, invoicesPath } from '../support/invoices';
import { createConfigChange, queuePath, sign, submission } from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

interface AuditEventBody {
  id: string;
  createdAt: string;
  action: string;
  actor: { address: string; via: string; keyId: string | null };
  target: { type: string; id: string };
  changes: Record<string, unknown> | null;
  requestId: string | null;
  clientAddress: string | null;
}

interface AuditPage {
  total: number;
  page: number;
  pageSize: number;
  items: AuditEventBody[];
}

const LOOPBACK = /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/;

describe('the audit log (GET /api/v1/accounts/{accountId}/audit-events and its export)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const auditPath = (d: { accountId: string }, suffix = '') => `/api/v1/accounts/${d.accountId}/audit-events${suffix}`;

  async function entries(d: TestDeployment, query: Record<string, unknown> = {}): Promise<AuditPage> {
    const res = await request(t.http)
      .get(auditPath(d))
      .query({ pageSize: 100, sortOrder: 'asc', ...query })
      .set('x-api-key', d.members[0].apiKey);
    if (res.status !== 200) throw new Error(`audit-events answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as AuditPage;
  }

  const actionsOf = async (d: TestDeployment) => (await entries(d)).items.map((entry) => entry.action);

  async function memberId(member: TestMember): Promise<string> {
    const [{ id }]: { id: string }[] = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [
      member.address,
    ]);
    return id;
  }

  async function setRole(d: TestDeployment, member: TestMember, role: 'ADMIN' | 'OPERATOR' | 'VIEWER') {
    await t.dataSource.query(`UPDATE account_members SET role = $3 WHERE account_id = $1 AND member_id = $2`, [
      d.accountId,
      await memberId(member),
      role,
    ]);
  }

  /** A scoped API key of `member` on the deployment's account. */
  async function scopedKey(d: TestDeployment, member: TestMember, scopes: Scope[]) {
    const prepared = await t.app.get(ApiKeysService).prepare({
      accountId: d.accountId,
      owner: { memberId: await memberId(member), role: 'ADMIN' },
      name: 'shop server',
      scopes,
      deploymentIds: null,
      expiresAt: null,
    });
    return t.dataSource.transaction((manager) => prepared.insert(manager));
  }

  async function failedCallback(d: TestDeployment): Promise<string> {
    const id = randomUUID();
    await t.dataSource.query(
      `INSERT INTO callbacks (id, account_id, deployment_id, url, type, status, operation_id, operation_type, body,
                              next_attempt_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'https://merchant.example/hook', 'invoice.created', 'FAILED', gen_random_uuid(), 'invoice',
               '{}', NULL, now(), now())`,
      [id, d.accountId, d.id],
    );
    return id;
  }

  describe('every existing action, recorded once with its actor and door', () => {
    let d: TestDeployment;
    let page: AuditPage;
    const requestIds: Record<string, string> = {};
    let callbackSecret: string;
    let ids: Record<string, string>;

    beforeAll(async () => {
      d = await createDeployment(t);
      const [admin, second] = d.members;
      const key = (member: TestMember) => ({ 'x-api-key': member.apiKey });
      const remember = (action: string, res: request.Response, status: number) => {
        if (res.status !== status) throw new Error(`${action} answered ${res.status}: ${JSON.stringify(res.body)}`);
        requestIds[action] = String(res.headers['x-request-id']);
        return res.body as Record<string, unknown>;
      };

      const invoice = remember(
        'INVOICE_CREATED',
        await createInvoice(t, d, invoiceBody({ trackingId: 'order-1' })),
        201,
      );
      const bearer = `Bearer ${await jwtFor(t, second)}`;
      remember(
        'INVOICE_UPDATED',
        await request(t.http)
          .put(`${invoicesPath(d)}/${String(invoice.id)}`)
          .set('authorization', bearer)
          .send({ trackingId: 'order-2' }),
        200,
      );
      const payout = remember(
        'PAYOUT_CREATED',
        await request(t.http)
          .post(`/api/v1/deployments/${d.id}/payouts`)
          .set(key(admin))
          .send({ deploymentId: d.id, currencyId: d.chainId, amount: '1.5', toAddress: evmWallet().address }),
        201,
      );
      remember(
        'PAYOUT_UPDATED',
        await request(t.http)
          .patch(`/api/v1/deployments/${d.id}/payouts/${String(payout.id)}`)
          .set(key(admin))
          .send({ trackingId: 'payout-1' }),
        200,
      );
      const operation = await createConfigChange(t, d, admin);
      const signature = await submission(second, d, '1.2.0-evm', operation);
      remember('OPERATION_SIGNED', await sign(t, d, second, operation.id, signature), 200);
      remember(
        'OPERATION_NONCE_CHANGED',
        await request(t.http)
          .patch(queuePath(d.id, `/${operation.id}/nonce`))
          .set(key(admin))
          .send({ nonce: '5' }),
        200,
      );
      remember(
        'OPERATION_DELETED',
        await request(t.http)
          .delete(queuePath(d.id, `/${operation.id}`))
          .set(key(admin)),
        200,
      );
      const failed = await failedCallback(d);
      remember(
        'CALLBACKS_RESENT',
        await request(t.http)
          .post('/api/v1/callbacks/resend')
          .set(key(admin))
          .send({ ids: [failed, randomUUID()] }),
        200,
      );
      callbackSecret = String(
        remember(
          'CALLBACK_SECRET_ROTATED',
          await request(t.http).post(`/api/v1/accounts/${d.accountId}/callback-secret`).set(key(admin)),
          201,
        ).secret,
      );
      remember(
        'CALLBACK_SETTINGS_CHANGED',
        await request(t.http)
          .put(`/api/v1/accounts/${d.accountId}/callback-settings`)
          .set(key(admin))
          .send({ operationsCallbackUrl: 'https://shop:hunter2@merchant.example/queue' }),
        200,
      );
      remember(
        'ACCOUNT_RENAMED',
        await request(t.http).put(`/api/v1/accounts/${d.accountId}`).set(key(admin)).send({ name: 'Treasury EU' }),
        200,
      );
      await t.app.get(MembersService).regenerateCredentials(second.address);
      ids = {
        invoice: String(invoice.id),
        payout: String(payout.id),
        payoutOperation: String(payout.queueOperationId),
        operation: operation.id,
        failed,
      };
      page = await entries(d);
    });

    it('lists each action once, in the order the changes were made', () => {
      expect(page.items.map((entry) => entry.action)).toEqual([
        'INVOICE_CREATED',
        'INVOICE_UPDATED',
        'PAYOUT_CREATED',
        'PAYOUT_UPDATED',
        'OPERATION_CREATED',
        'OPERATION_SIGNED',
        'OPERATION_NONCE_CHANGED',
        'OPERATION_DELETED',
        'CALLBACKS_RESENT',
        'CALLBACK_SECRET_ROTATED',
        'CALLBACK_SETTINGS_CHANGED',
        'ACCOUNT_RENAMED',
        'CREDENTIALS_REGENERATED',
      ]);
      expect(page.total).toBe(13);
    });

    it('names the actor, the door, the request and the client of each', () => {
      const [admin, second] = d.members;
      const byAction = new Map(page.items.map((entry) => [entry.action, entry]));
      const viaToken = ['INVOICE_UPDATED'];
      const bySecond = ['INVOICE_UPDATED', 'OPERATION_SIGNED', 'CREDENTIALS_REGENERATED'];
      for (const entry of page.items) {
        expect(entry.actor).toEqual({
          address: bySecond.includes(entry.action) ? second.address : admin.address,
          via:
            entry.action === 'CREDENTIALS_REGENERATED' ? 'CLI' : viaToken.includes(entry.action) ? 'TOKEN' : 'API_KEY',
          keyId: null,
        });
        if (entry.action === 'CREDENTIALS_REGENERATED' || entry.action === 'OPERATION_CREATED') continue;
        expect(entry.requestId).toBe(requestIds[entry.action]);
        expect(entry.clientAddress).toMatch(LOOPBACK);
      }
      // The command line has no request and no client.
      expect(byAction.get('CREDENTIALS_REGENERATED')).toMatchObject({
        requestId: null,
        clientAddress: null,
        target: { type: 'member', id: second.address },
      });
    });

    it('points at what changed and says how', () => {
      const byAction = new Map(page.items.map((entry) => [entry.action, entry]));
      expect(byAction.get('INVOICE_CREATED')).toMatchObject({
        target: { type: 'invoice', id: ids.invoice },
        changes: { deploymentId: d.id, trackingId: 'order-1', status: 'CREATED', requestedAmountBaseUnits: null },
      });
      expect(byAction.get('INVOICE_UPDATED')).toMatchObject({
        target: { type: 'invoice', id: ids.invoice },
        changes: { trackingId: { from: 'order-1', to: 'order-2' } },
      });
      expect(Object.keys(byAction.get('INVOICE_UPDATED')!.changes!)).toEqual(['trackingId']);
      expect(byAction.get('PAYOUT_CREATED')).toMatchObject({
        target: { type: 'payout', id: ids.payout },
        changes: { operationId: ids.payoutOperation, amountBaseUnits: '1500000000000000000', currencyId: d.chainId },
      });
      expect(byAction.get('PAYOUT_UPDATED')!.changes).toEqual({ trackingId: { from: null, to: 'payout-1' } });
      // The payout's own PAYOUT operation is part of PAYOUT_CREATED: the one OPERATION_CREATED is the config change.
      expect(byAction.get('OPERATION_CREATED')).toMatchObject({
        target: { type: 'queue_operation', id: ids.operation },
        changes: { operationType: 'MULTISIG_CONFIG_CHANGE', nonce: '1' },
      });
      expect(byAction.get('OPERATION_SIGNED')).toMatchObject({
        target: { type: 'queue_operation', id: ids.operation },
        changes: { signer: d.members[1].address, nonce: '1' },
      });
      expect(byAction.get('OPERATION_NONCE_CHANGED')!.changes).toMatchObject({ nonce: { from: '1', to: '5' } });
      expect(byAction.get('OPERATION_DELETED')!.target).toEqual({ type: 'queue_operation', id: ids.operation });
      // Only the callback that was requeued: the unknown id changed nothing.
      expect(byAction.get('CALLBACKS_RESENT')!.changes).toEqual({ callbackIds: [ids.failed] });
      expect(byAction.get('CALLBACK_SECRET_ROTATED')).toMatchObject({
        target: { type: 'callback_secret', id: d.accountId },
        changes: null,
      });
      expect(byAction.get('CALLBACK_SETTINGS_CHANGED')!.changes).toEqual({
        operationsCallbackUrl: { from: null, to: 'https://merchant.example/queue' },
      });
      expect(byAction.get('ACCOUNT_RENAMED')).toMatchObject({
        target: { type: 'account', id: d.accountId },
        changes: { name: { from: 'Test team', to: 'Treasury EU' } },
      });
    });

    it('holds no secret: not the callback secret, not a password in a URL, not a credential', async () => {
      const everything = JSON.stringify(page.items);
      expect(everything).not.toContain(callbackSecret);
      expect(everything).not.toContain(callbackSecret.slice(6));
      expect(everything).not.toContain('hunter2');
      for (const member of d.members) {
        expect(everything).not.toContain(member.apiKey);
        expect(everything).not.toContain(member.apiSecret);
      }
      const stored: { row: string }[] = await t.dataSource.query(
        `SELECT row_to_json(a)::text AS row FROM audit_events a WHERE account_id = $1`,
        [d.accountId],
      );
      expect(stored).toHaveLength(13);
      for (const { row } of stored) {
        expect(row).not.toContain(callbackSecret.slice(6));
        expect(row).not.toContain('hunter2');
      }
    });

    it('records a regenerated credential in every account of the member, and in no other', async () => {
      const other = await createDeployment(t, { memberCount: 1 });
      await t.dataSource.query(`INSERT INTO account_members (account_id, member_id, role) VALUES ($1, $2, 'VIEWER')`, [
        other.accountId,
        await memberId(d.members[2]),
      ]);
      const bystander = await createDeployment(t, { memberCount: 1 });
      await t.app.get(MembersService).regenerateCredentials(d.members[2].address);
      expect((await entries(other)).items.map((entry) => [entry.action, entry.actor.address])).toEqual([
        ['CREDENTIALS_REGENERATED', d.members[2].address],
      ]);
      expect(await actionsOf(bystander)).toEqual([]);
      expect((await entries(d)).items.filter((entry) => entry.actor.address === d.members[2].address)).toHaveLength(1);
    });
  });

  it('records `member:regenerate-credentials` on the command line as done through the CLI', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const member = d.members[0];
    const renewed = cliJson<{ apiKey: string }>(
      await runCli('member:regenerate-credentials', '--address', member.address),
    );
    const res = await request(t.http).get(auditPath(d)).set('x-api-key', renewed.apiKey).expect(200);
    expect((res.body as AuditPage).items).toEqual([
      expect.objectContaining({
        action: 'CREDENTIALS_REGENERATED',
        actor: { address: member.address, via: 'CLI', keyId: null },
        target: { type: 'member', id: member.address },
        changes: null,
        requestId: null,
        clientAddress: null,
      }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain(renewed.apiKey);
  }, 300_000);

  it('names the scoped key a change was made with', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const key = await scopedKey(d, d.members[0], ['invoices:write']);
    await request(t.http).post(invoicesPath(d)).set('x-api-key', key.apiKey).send(invoiceBody()).expect(201);
    const [entry] = (await entries(d)).items;
    expect(entry).toMatchObject({
      action: 'INVOICE_CREATED',
      actor: { address: d.members[0].address, via: 'API_KEY', keyId: key.id },
    });
  });

  it('takes the client’s X-Request-Id as the request id', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    await createInvoice(t, d).set('x-request-id', 'shop-order-77').expect(201);
    expect((await entries(d)).items[0].requestId).toBe('shop-order-77');
  });

  describe('a change that fails or rolls back records nothing', () => {
    it('refused input, a conflict after the writes began, a bad signature, a wrong creator', async () => {
      const d = await createDeployment(t);
      await createInvoice(t, d, invoiceBody({ trackingId: 'dup' })).expect(201);
      const operation = await createConfigChange(t, d);
      const before = await actionsOf(d);
      expect(before).toEqual(['INVOICE_CREATED', 'OPERATION_CREATED']);

      await createInvoice(t, d, invoiceBody({ requestedAmount: 'lots' })).expect(400);
      // The nonce is taken and the row inserted before the unique index refuses it: all rolled back.
      const conflict = await createInvoice(t, d, invoiceBody({ trackingId: 'dup' }));
      expect(conflict.status).toBe(409);
      await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set('x-api-key', d.members[0].apiKey)
        .send({ deploymentId: d.id, currencyId: d.chainId, amount: '-1', toAddress: evmWallet().address })
        .expect(400);
      await sign(t, d, d.members[1], operation.id, `0x${'11'.repeat(65)}`).expect(400);
      // Only its creator may delete an operation.
      await request(t.http)
        .delete(queuePath(d.id, `/${operation.id}`))
        .set('x-api-key', d.members[1].apiKey)
        .expect(400);
      await request(t.http)
        .put(`/api/v1/accounts/${d.accountId}`)
        .set('x-api-key', d.members[0].apiKey)
        .send({ name: '' })
        .expect(400);
      await request(t.http)
        .put(`/api/v1/accounts/${d.accountId}/callback-settings`)
        .set('x-api-key', d.members[0].apiKey)
        .send({ operationsCallbackUrl: 'http://127.0.0.1/hook' })
        .expect(400);
      // Resending nothing that failed changes nothing.
      await request(t.http)
        .post('/api/v1/callbacks/resend')
        .set('x-api-key', d.members[0].apiKey)
        .send({ ids: [randomUUID()] })
        .expect(200, { requeuedCount: 0 });

      expect(await actionsOf(d)).toEqual(before);
    });

    it('a change whose transaction fails after the entry was written leaves neither', async () => {
      const d = await createDeployment(t, { memberCount: 1 });
      // The rename's statement succeeds, then the transaction cannot commit (a deferred check fails).
      await t.dataSource.query(`
        CREATE OR REPLACE FUNCTION audit_spec_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = 'never commits' THEN RAISE EXCEPTION 'refused at commit'; END IF;
          RETURN NULL;
        END $$`);
      await t.dataSource.query(`
        CREATE CONSTRAINT TRIGGER audit_spec_refuse_commit AFTER UPDATE ON accounts
          DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_spec_refuse_commit()`);
      try {
        const res = await request(t.http)
          .put(`/api/v1/accounts/${d.accountId}`)
          .set('x-api-key', d.members[0].apiKey)
          .send({ name: 'never commits' });
        expect(res.status).toBe(500);
      } finally {
        await t.dataSource.query(`DROP TRIGGER audit_spec_refuse_commit ON accounts`);
        await t.dataSource.query(`DROP FUNCTION audit_spec_refuse_commit()`);
      }
      const [{ name }]: { name: string }[] = await t.dataSource.query(`SELECT name FROM accounts WHERE id = $1`, [
        d.accountId,
      ]);
      expect(name).toBe('Test team');
      expect(await actionsOf(d)).toEqual([]);
    });
  });

  it('an Idempotency-Key replay records the change once', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const post = () => createInvoice(t, d).set('Idempotency-Key', `audit-${randomUUID()}`);
    const key = `audit-${randomUUID()}`;
    const first = await createInvoice(t, d).set('Idempotency-Key', key).expect(201);
    const replay = await createInvoice(t, d).set('Idempotency-Key', key).expect(201);
    expect(replay.body).toEqual(first.body);
    expect(await actionsOf(d)).toEqual(['INVOICE_CREATED']);
    await post().expect(201);
    expect(await actionsOf(d)).toEqual(['INVOICE_CREATED', 'INVOICE_CREATED']);
  });

  it('concurrent changes each record their own entry, and only their own', async () => {
    const d = await createDeployment(t, { memberCount: 1 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createInvoice(t, d, invoiceBody({ trackingId: i < 4 ? 'same' : `own-${i}` })),
      ),
    );
    const created = results.filter((res) => res.status === 201).map((res) => String(res.body.id));
    expect(results.filter((res) => res.status === 409)).toHaveLength(3);
    const page = await entries(d);
    expect(page.items.map((entry) => entry.target.id).sort()).toEqual(created.sort());
  });

  describe('the list', () => {
    let d: TestDeployment;
    let all: AuditEventBody[];

    beforeAll(async () => {
      d = await createDeployment(t);
      for (const member of d.members) await createInvoice(t, d, invoiceBody(), member).expect(201);
      await request(t.http)
        .put(`/api/v1/accounts/${d.accountId}`)
        .set('x-api-key', d.members[1].apiKey)
        .send({ name: 'Renamed' })
        .expect(200);
      all = (await entries(d)).items;
      expect(all).toHaveLength(4);
    });

    it('pages newest first by default, oldest first with sortOrder=asc', async () => {
      const res = await request(t.http)
        .get(auditPath(d))
        .query({ pageSize: 3, page: 2 })
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      expect(res.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect((res.body as AuditPage).items.map((entry) => entry.id)).toEqual([all[0].id]);
      const defaults = await request(t.http).get(auditPath(d)).set('x-api-key', d.members[0].apiKey).expect(200);
      expect(defaults.body).toMatchObject({ total: 4, page: 1, pageSize: 10 });
      expect((defaults.body as AuditPage).items.map((entry) => entry.id)).toEqual(
        all.map((entry) => entry.id).reverse(),
      );
    });

    it('filters by actions, in any of the array spellings', async () => {
      expect((await entries(d, { actions: 'ACCOUNT_RENAMED' })).items.map((entry) => entry.id)).toEqual([all[3].id]);
      expect((await entries(d, { actions: 'ACCOUNT_RENAMED,INVOICE_CREATED' })).total).toBe(4);
      // Several actions are merged in the list's order, and paged after the merge.
      const ids = (page: AuditPage) => page.items.map((entry) => entry.id);
      const both = { actions: 'INVOICE_CREATED,ACCOUNT_RENAMED', pageSize: 2 };
      expect(ids(await entries(d, { ...both, page: 1 }))).toEqual([all[0].id, all[1].id]);
      expect(ids(await entries(d, { ...both, page: 2 }))).toEqual([all[2].id, all[3].id]);
      expect(ids(await entries(d, { ...both, page: 3 }))).toEqual([]);
      expect(ids(await entries(d, { ...both, page: 1, sortOrder: 'desc' }))).toEqual([all[3].id, all[2].id]);
      const renamedOrFirst = await entries(d, { actions: 'ACCOUNT_RENAMED,MEMBER_ADDED', actor: d.members[1].address });
      expect(ids(renamedOrFirst)).toEqual([all[3].id]);
      const repeated = await request(t.http)
        .get(`${auditPath(d)}?actions=ACCOUNT_RENAMED&actions=MEMBER_ADDED`)
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      expect((repeated.body as AuditPage).total).toBe(1);
      const bracketed = await request(t.http)
        .get(`${auditPath(d)}?actions[]=ACCOUNT_RENAMED`)
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      expect((bracketed.body as AuditPage).total).toBe(1);
      expect((await entries(d, { actions: 'SIGNED_IN' })).total).toBe(0);
    });

    it('filters by actor, however the address is spelled', async () => {
      const second = d.members[1].address;
      for (const spelling of [second, second.toLowerCase(), `0x${second.slice(2).toUpperCase()}`]) {
        const page = await entries(d, { actor: spelling });
        expect(page.items.map((entry) => entry.action)).toEqual(['INVOICE_CREATED', 'ACCOUNT_RENAMED']);
      }
      expect((await entries(d, { actor: evmWallet().address })).total).toBe(0);
    });

    it('filters by inclusive creation bounds', async () => {
      const at = all[1].createdAt;
      expect((await entries(d, { createdFrom: at, createdTo: at })).items.map((entry) => entry.id)).toContain(
        all[1].id,
      );
      expect((await entries(d, { createdFrom: at })).items.map((entry) => entry.id)).toEqual(
        all.filter((entry) => entry.createdAt >= at).map((entry) => entry.id),
      );
      expect((await entries(d, { createdTo: '2000-01-01' })).total).toBe(0);
      expect((await entries(d, { createdFrom: '2999-01-01T00:00:00Z' })).total).toBe(0);
    });

    it("shows one account's entries only", async () => {
      const other = await createDeployment(t, { memberCount: 1 });
      await createInvoice(t, other).expect(201);
      expect((await entries(d)).total).toBe(4);
      expect((await entries(other)).total).toBe(1);
    });
  });

  describe('who may read it', () => {
    let d: TestDeployment;

    beforeAll(async () => {
      d = await createDeployment(t);
      await setRole(d, d.members[1], 'OPERATOR');
      await setRole(d, d.members[2], 'VIEWER');
    });

    it.each(['', '/export'])(
      'an ADMIN reads it (%s); an OPERATOR and a VIEWER get 403 ROLE_FORBIDS',
      async (suffix) => {
        await request(t.http).get(auditPath(d, suffix)).set('x-api-key', d.members[0].apiKey).expect(200);
        for (const member of d.members.slice(1)) {
          const res = await request(t.http).get(auditPath(d, suffix)).set('x-api-key', member.apiKey);
          expect(res.status).toBe(403);
          expect(res.body).toMatchObject({ statusCode: 403, code: 'ROLE_FORBIDS' });
        }
      },
    );

    it('an ADMIN’s key without `read` gets 403 INSUFFICIENT_SCOPE; with `read` it reads', async () => {
      const writer = await scopedKey(d, d.members[0], ['invoices:write']);
      const res = await request(t.http).get(auditPath(d)).set('x-api-key', writer.apiKey);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
      const reader = await scopedKey(d, d.members[0], ['read']);
      await request(t.http).get(auditPath(d)).set('x-api-key', reader.apiKey).expect(200);
    });

    it.each(['', '/export'])(
      '401 without a credential, 404 for a non-member and an unknown account, 400 for a malformed id (%s)',
      async (suffix) => {
        expect((await request(t.http).get(auditPath(d, suffix))).status).toBe(401);
        const stranger = await createMember(t);
        const foreign = await request(t.http).get(auditPath(d, suffix)).set('x-api-key', stranger.apiKey);
        expect(foreign.status).toBe(404);
        expect(foreign.body.code).toBe('ACCOUNT_NOT_FOUND');
        const unknown = await request(t.http)
          .get(auditPath({ accountId: randomUUID() }, suffix))
          .set('x-api-key', d.members[0].apiKey);
        expect(unknown.status).toBe(404);
        const malformed = await request(t.http)
          .get(auditPath({ accountId: 'not-a-uuid' }, suffix))
          .set('x-api-key', d.members[0].apiKey);
        expect(malformed.status).toBe(400);
        expect(malformed.body.code).toBe('INVALID_ACCOUNT_ID');
      },
    );
  });

  describe('bad filters: 400 in the error shape, naming the parameter', () => {
    let d: TestDeployment;
    beforeAll(async () => {
      d = await createDeployment(t, { memberCount: 1 });
    });

    it.each([
      ['page', { page: '0' }],
      ['page', { page: 'two' }],
      ['pageSize', { pageSize: '101' }],
      ['pageSize', { pageSize: '0' }],
      ['sortOrder', { sortOrder: 'newest' }],
      ['createdFrom', { createdFrom: 'yesterday' }],
      ['createdTo', { createdTo: '2026-02-30' }],
      ['actions', { actions: 'INVOICE_CREATED,INVOICE_EATEN' }],
      ['actor', { actor: 'not-an-address' }],
      ['actor', { actor: '0x1234' }],
      ['actor', { actor: 'T' + 'x'.repeat(33) }],
      ['sortBy', { sortBy: 'createdAt' }],
    ])('%s: %j', async (field, query) => {
      for (const suffix of ['', '/export']) {
        if (suffix === '/export' && (field === 'page' || field === 'pageSize')) continue;
        const res = await request(t.http).get(auditPath(d, suffix)).query(query).set('x-api-key', d.members[0].apiKey);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        expect(typeof res.body.code).toBe('string');
        expect(typeof res.body.requestId).toBe('string');
        expect(JSON.stringify(res.body)).toContain(field);
      }
    });

    it('an unknown action among repeated `actions[]` keys is refused too', async () => {
      const res = await request(t.http)
        .get(`${auditPath(d)}?actions[]=INVOICE_CREATED&actions[]=nope`)
        .set('x-api-key', d.members[0].apiKey);
      expect(res.status).toBe(400);
    });
  });

  describe('the CSV export', () => {
    it('streams the filtered entries as RFC 4180 CSV, free text defused', async () => {
      const d = await createDeployment(t, { memberCount: 2 });
      await createInvoice(t, d, invoiceBody({ trackingId: 'order-9' }))
        .set('x-request-id', '-2-3')
        .expect(201);
      await request(t.http)
        .put(`/api/v1/accounts/${d.accountId}`)
        .set('x-api-key', d.members[1].apiKey)
        .send({ name: 'Shop, "EU"' })
        .expect(200);
      const listed = (await entries(d)).items;

      const res = await request(t.http)
        .get(auditPath(d, '/export'))
        .query({ sortOrder: 'asc' })
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-events-${d.accountId}.csv"`);
      expect(res.text.split('\r\n')[0]).toBe(
        'id,createdAt,action,actorAddress,actorVia,actorKeyId,targetType,targetId,changes,requestId,clientAddress',
      );
      const rows = csvObjects(res.text);
      expect(rows.map((row) => row.id)).toEqual(listed.map((entry) => entry.id));
      expect(rows[0]).toMatchObject({
        action: 'INVOICE_CREATED',
        actorAddress: d.members[0].address,
        actorVia: 'API_KEY',
        actorKeyId: '',
        targetType: 'invoice',
        targetId: listed[0].target.id,
        createdAt: listed[0].createdAt,
        // A request id a spreadsheet would run as a formula is shown as text.
        requestId: "'-2-3",
      });
      expect(rows[0].clientAddress).toMatch(LOOPBACK);
      expect(JSON.parse(rows[1].changes)).toEqual({ name: { from: 'Test team', to: 'Shop, "EU"' } });

      const filtered = await request(t.http)
        .get(auditPath(d, '/export'))
        .query({ actions: 'ACCOUNT_RENAMED', actor: d.members[1].address.toLowerCase() })
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      expect(csvObjects(filtered.text).map((row) => row.action)).toEqual(['ACCOUNT_RENAMED']);
      const none = await request(t.http)
        .get(auditPath(d, '/export'))
        .query({ actions: 'SIGNED_IN' })
        .set('x-api-key', d.members[0].apiKey)
        .expect(200);
      expect(csvObjects(none.text)).toEqual([]);
    });

    it('stops at EXPORT_MAX_ROWS', async () => {
      const small = await createTestApp({ env: { EXPORT_MAX_ROWS: '2' } });
      try {
        const d = await createDeployment(small, { memberCount: 1 });
        for (let i = 0; i < 3; i += 1) await createInvoice(small, d).expect(201);
        const res = await request(small.http)
          .get(auditPath(d, '/export'))
          .set('x-api-key', d.members[0].apiKey)
          .expect(200);
        expect(csvObjects(res.text)).toHaveLength(2);
      } finally {
        await small.close();
      }
    });
  });
});

describe("the audit log's client address behind a proxy", () => {
  /** The address a proxy says it forwarded for, in the documentation range (RFC 5737). */
  const FORWARDED_FOR = '203.0.113.7';

  async function renamedFrom(env: Record<string, string>): Promise<string | null> {
    const app = await createTestApp({ env });
    try {
      const d = await createDeployment(app);
      const [admin] = d.members;
      await request(app.http)
        .put(`/api/v1/accounts/${d.accountId}`)
        .set('x-api-key', admin.apiKey)
        .set('X-Forwarded-For', FORWARDED_FOR)
        .send({ name: 'Treasury behind a proxy' })
        .expect(200);
      const page = await request(app.http)
        .get(`/api/v1/accounts/${d.accountId}/audit-events`)
        .set('x-api-key', admin.apiKey)
        .query({ actions: 'ACCOUNT_RENAMED' })
        .expect(200);
      expect(page.body.items).toHaveLength(1);
      return (page.body as AuditPage).items[0].clientAddress;
    } finally {
      await app.close();
    }
  }

  it('is the forwarded client with TRUST_PROXY', async () => {
    expect(await renamedFrom({ TRUST_PROXY: 'true' })).toBe(FORWARDED_FOR);
  });

  it('is the connection, whatever X-Forwarded-For says, without it', async () => {
    expect(await renamedFrom({})).toMatch(LOOPBACK);
  });
});
