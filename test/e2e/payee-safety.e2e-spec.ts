import request from 'supertest';
import { createDeployment, evmWallet, type TestDeployment, type TestMember } from '../support/builders';
import { queuePath } from '../support/queue';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The address book with its two-person approval, and the payout policy every payout passes in its
 * own transaction (docs/review-and-policy.md). Deployments are on Polygon (137): no node is needed,
 * reviews simulate UNAVAILABLE.
 */
const CHAIN = '137';

describe('address book and payout policy (docs/review-and-policy.md)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });
  const book = (d: TestDeployment) => `/api/v1/accounts/${d.accountId}/address-book`;
  const policyPath = (d: TestDeployment) => `/api/v1/accounts/${d.accountId}/payout-policy`;

  async function setRole(d: TestDeployment, member: TestMember, role: 'ADMIN' | 'OPERATOR' | 'VIEWER') {
    await t.dataSource.query(
      `UPDATE account_members SET role = $3 WHERE account_id = $1 AND member_id = (SELECT id FROM members WHERE address = $2)`,
      [d.accountId, member.address, role],
    );
  }

  function addEntry(d: TestDeployment, member: TestMember, address: string, label = 'Supplier') {
    return request(t.http).post(book(d)).set(as(member)).send({ address, networkType: 'evm', label });
  }

  function payout(d: TestDeployment, toAddress: string, amount = '1', member = d.members[0]) {
    return request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set(as(member))
      .send({ deploymentId: d.id, currencyId: CHAIN, amount, toAddress });
  }

  function putPolicy(d: TestDeployment, body: object, member = d.members[0]) {
    return request(t.http)
      .put(policyPath(d))
      .set(as(member))
      .send({ addressBookOnly: false, blockLookalikes: true, newPayeeDelayHours: 0, limits: [], ...body });
  }

  async function counts(d: TestDeployment): Promise<{ payouts: number; operations: number }> {
    const [row]: { payouts: number; operations: number }[] = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM payouts WHERE deployment_id = $1) AS payouts,
              (SELECT count(*)::int FROM queue_operations WHERE deployment_id = $1) AS operations`,
      [d.id],
    );
    return row;
  }

  /** A refused payout: 400 with `code`, and not a row written. */
  async function expectRefused(d: TestDeployment, toAddress: string, amount: string, code: string) {
    const before = await counts(d);
    const res = await payout(d, toAddress, amount);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(await counts(d)).toEqual(before);
  }

  async function auditActions(d: TestDeployment): Promise<string[]> {
    const rows: { action: string }[] = await t.dataSource.query(
      `SELECT action FROM audit_events WHERE account_id = $1 ORDER BY created_at, id`,
      [d.accountId],
    );
    return rows.map((row) => row.action);
  }

  /** An address sharing `address`'s first 3 and last 4 hex digits, and nothing else. */
  function lookalikeOf(address: string): string {
    const hex = address.slice(2).toLowerCase();
    const middle = [...hex.slice(3, -4)].map((digit) => (digit === '0' ? '1' : '0')).join('');
    return `0x${hex.slice(0, 3)}${middle}${hex.slice(-4)}`;
  }

  describe('address book', () => {
    it('an entry stays PENDING until another ADMIN approves; the adder cannot (SELF_APPROVAL)', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const [admin, otherAdmin] = d.members;
      const address = evmWallet().address;
      const added = await addEntry(d, admin, address, 'Acme Ltd.');
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        address,
        networkType: 'evm',
        label: 'Acme Ltd.',
        status: 'PENDING',
        addedBy: admin.address,
        approvedBy: null,
        approvedAt: null,
      });
      const self = await request(t.http)
        .post(`${book(d)}/${added.body.id}/approve`)
        .set(as(admin));
      expect(self.status).toBe(400);
      expect(self.body.code).toBe('SELF_APPROVAL');
      const list = await request(t.http).get(book(d)).set(as(d.members[2])).expect(200);
      expect(list.body).toEqual([expect.objectContaining({ id: added.body.id, status: 'PENDING' })]);
      const approved = await request(t.http)
        .post(`${book(d)}/${added.body.id}/approve`)
        .set(as(otherAdmin));
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'APPROVED', approvedBy: otherAdmin.address });
      expect(approved.body.approvedAt).toEqual(expect.any(String));
      expect(await auditActions(d)).toEqual(['ADDRESS_BOOK_ENTRY_ADDED', 'ADDRESS_BOOK_ENTRY_APPROVED']);
    });

    it('an OPERATOR proposes, cannot approve or remove (ROLE_FORBIDS); a VIEWER cannot propose', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const [admin, operator, viewer] = d.members;
      await setRole(d, operator, 'OPERATOR');
      await setRole(d, viewer, 'VIEWER');
      const added = await addEntry(d, operator, evmWallet().address);
      expect(added.status).toBe(201);
      expect(added.body.status).toBe('PENDING');
      for (const [method, path] of [
        ['post', `${book(d)}/${added.body.id}/approve`],
        ['delete', `${book(d)}/${added.body.id}`],
      ] as const) {
        const res = await request(t.http)[method](path).set(as(operator));
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('ROLE_FORBIDS');
      }
      const byViewer = await addEntry(d, viewer, evmWallet().address);
      expect(byViewer.status).toBe(403);
      expect(byViewer.body.code).toBe('ROLE_FORBIDS');
      const byOperatorOnPolicy = await putPolicy(d, {}, operator);
      expect(byOperatorOnPolicy.status).toBe(403);
      expect(byOperatorOnPolicy.body.code).toBe('ROLE_FORBIDS');
      // The viewer reads both.
      await request(t.http).get(book(d)).set(as(viewer)).expect(200);
      await request(t.http).get(policyPath(d)).set(as(viewer)).expect(200);
      const approved = await request(t.http)
        .post(`${book(d)}/${added.body.id}/approve`)
        .set(as(admin));
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('APPROVED');
    });

    it("the sole ADMIN's own entry is APPROVED at once; an OPERATOR's in that account is not", async () => {
      const d = await createDeployment(t, { chainId: CHAIN, memberCount: 2, approverCount: 2, threshold: 1 });
      await setRole(d, d.members[1], 'OPERATOR');
      const own = await addEntry(d, d.members[0], evmWallet().address);
      expect(own.status).toBe(201);
      expect(own.body).toMatchObject({ status: 'APPROVED', approvedBy: d.members[0].address });
      const proposed = await addEntry(d, d.members[1], evmWallet().address);
      expect(proposed.body.status).toBe('PENDING');
      // The sole ADMIN's ADDED and APPROVED share a transaction and a millisecond: their order is not asserted.
      expect((await auditActions(d)).sort()).toEqual([
        'ADDRESS_BOOK_ENTRY_ADDED',
        'ADDRESS_BOOK_ENTRY_ADDED',
        'ADDRESS_BOOK_ENTRY_APPROVED',
      ]);
    });

    it('409 ADDRESS_BOOK_ENTRY_EXISTS for the same address twice, in any spelling', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const address = evmWallet().address;
      expect((await addEntry(d, d.members[0], address)).status).toBe(201);
      const again = await addEntry(d, d.members[1], address.toLowerCase());
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ADDRESS_BOOK_ENTRY_EXISTS');
    });

    it('bad input is a 400 that writes nothing; an unknown entry is a 404', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const bodies = [
        { address: '0x1234', networkType: 'evm', label: 'x' },
        { address: evmWallet().address, networkType: 'btc', label: 'x' },
        { address: evmWallet().address, networkType: 'tvm', label: 'x' },
        { address: evmWallet().address, networkType: 'evm', label: '' },
        { address: evmWallet().address, networkType: 'evm', label: 'x'.repeat(101) },
        { address: evmWallet().address, networkType: 'evm' },
      ];
      for (const body of bodies) {
        const res = await request(t.http).post(book(d)).set(as(d.members[0])).send(body);
        expect(res.status).toBe(400);
      }
      // A label shown to approvers beside an address cannot carry a right-to-left override.
      const reversed = await request(t.http)
        .post(book(d))
        .set(as(d.members[0]))
        .send({ address: evmWallet().address, networkType: 'evm', label: 'Supp\u202Eeil' });
      expect(reversed.status).toBe(400);
      expect(reversed.body.details).toEqual([
        { field: 'label', message: expect.stringContaining('format characters') },
      ]);
      expect((await request(t.http).get(book(d)).set(as(d.members[0]))).body).toEqual([]);
      const unknown = '01890a5d-ac96-774b-bcce-b302099a8057';
      for (const [method, path] of [
        ['post', `${book(d)}/${unknown}/approve`],
        ['delete', `${book(d)}/${unknown}`],
        ['delete', `${book(d)}/not-a-uuid`],
      ] as const) {
        const res = await request(t.http)[method](path).set(as(d.members[0]));
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('ADDRESS_BOOK_ENTRY_NOT_FOUND');
      }
    });

    it('an ADMIN removes an entry', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const added = await addEntry(d, d.members[0], evmWallet().address);
      const removed = await request(t.http)
        .delete(`${book(d)}/${added.body.id}`)
        .set(as(d.members[1]));
      expect(removed.status).toBe(200);
      expect((await request(t.http).get(book(d)).set(as(d.members[0]))).body).toEqual([]);
      expect(await auditActions(d)).toEqual(['ADDRESS_BOOK_ENTRY_ADDED', 'ADDRESS_BOOK_ENTRY_REMOVED']);
    });
  });

  describe('payout policy', () => {
    it('defaults until set; PUT stores it (whole units) and is audited; bad input is a 400', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const initial = await request(t.http).get(policyPath(d)).set(as(d.members[2])).expect(200);
      expect(initial.body).toEqual({
        addressBookOnly: false,
        blockLookalikes: true,
        newPayeeDelayHours: 0,
        limits: [],
      });
      for (const body of [
        { newPayeeDelayHours: 721 },
        { newPayeeDelayHours: -1 },
        { newPayeeDelayHours: 1.5 },
        { addressBookOnly: 'yes' },
        { limits: [{ currencyId: 'nope', maxPerPayout: '1', maxPer24h: null }] },
        { limits: [{ currencyId: CHAIN, maxPerPayout: '-1', maxPer24h: null }] },
        { limits: [{ currencyId: CHAIN, maxPerPayout: '1.0000000000000000001', maxPer24h: null }] },
        {
          limits: [
            { currencyId: CHAIN, maxPerPayout: '1', maxPer24h: null },
            { currencyId: CHAIN, maxPerPayout: '2', maxPer24h: null },
          ],
        },
      ]) {
        const res = await putPolicy(d, body);
        expect(res.status).toBe(400);
      }
      expect((await request(t.http).get(policyPath(d)).set(as(d.members[0]))).body).toEqual(initial.body);
      const stored = {
        addressBookOnly: true,
        blockLookalikes: false,
        newPayeeDelayHours: 48,
        limits: [{ currencyId: CHAIN, maxPerPayout: '10.5', maxPer24h: '100' }],
      };
      const put = await putPolicy(d, stored);
      expect(put.status).toBe(200);
      expect(put.body).toEqual(stored);
      expect((await request(t.http).get(policyPath(d)).set(as(d.members[0]))).body).toEqual(stored);
      expect(await auditActions(d)).toEqual(['PAYOUT_POLICY_CHANGED']);
    });

    it('PAYEE_NOT_IN_ADDRESS_BOOK: only APPROVED entries may be paid', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      await putPolicy(d, { addressBookOnly: true }).expect(200);
      const stranger = evmWallet().address;
      await expectRefused(d, stranger, '1', 'PAYEE_NOT_IN_ADDRESS_BOOK');
      const entry = await addEntry(d, d.members[1], stranger);
      await expectRefused(d, stranger, '1', 'PAYEE_NOT_IN_ADDRESS_BOOK');
      await request(t.http)
        .post(`${book(d)}/${entry.body.id}/approve`)
        .set(as(d.members[0]))
        .expect(200);
      expect((await payout(d, stranger)).status).toBe(201);
    });

    it('PAYEE_TOO_NEW: an entry can be paid newPayeeDelayHours after its approval', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      await putPolicy(d, { newPayeeDelayHours: 24 }).expect(200);
      const payee = evmWallet().address;
      const entry = await addEntry(d, d.members[1], payee);
      await request(t.http)
        .post(`${book(d)}/${entry.body.id}/approve`)
        .set(as(d.members[0]))
        .expect(200);
      await expectRefused(d, payee, '1', 'PAYEE_TOO_NEW');
      await t.dataSource.query(
        `UPDATE address_book_entries SET approved_at = now() - interval '23 hours' WHERE id = $1`,
        [entry.body.id],
      );
      await expectRefused(d, payee, '1', 'PAYEE_TOO_NEW');
      await t.dataSource.query(
        `UPDATE address_book_entries SET approved_at = now() - interval '24 hours 1 minute' WHERE id = $1`,
        [entry.body.id],
      );
      expect((await payout(d, payee)).status).toBe(201);
    });

    it('PAYOUT_LIMIT_EXCEEDED and DAILY_LIMIT_EXCEEDED: inclusive, per currency, CANCELED payouts not counted', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      await putPolicy(d, { limits: [{ currencyId: CHAIN, maxPerPayout: '10', maxPer24h: '25' }] }).expect(200);
      const payee = evmWallet().address;
      await expectRefused(d, payee, '10.000001', 'PAYOUT_LIMIT_EXCEEDED');
      const first = await payout(d, payee, '10');
      expect(first.status).toBe(201);
      expect((await payout(d, payee, '10')).status).toBe(201);
      await expectRefused(d, payee, '5.5', 'DAILY_LIMIT_EXCEEDED');
      expect((await payout(d, payee, '5')).status).toBe(201);
      await expectRefused(d, payee, '0.000001', 'DAILY_LIMIT_EXCEEDED');
      // Another currency has no limit.
      const usdc = await request(t.http).post(`/api/v1/deployments/${d.id}/payouts`).set(as(d.members[0])).send({
        deploymentId: d.id,
        currencyId: '137-0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
        amount: '1000',
        toAddress: payee,
      });
      expect(usdc.status).toBe(201);
      // A deleted (CANCELED) payout leaves the window.
      await request(t.http)
        .delete(queuePath(d.id, `/${first.body.queueOperationId}`))
        .set(as(d.members[0]))
        .expect(200);
      expect((await payout(d, payee, '10')).status).toBe(201);
      // Payouts older than 24 h leave it too.
      await t.dataSource.query(`UPDATE payouts SET created_at = now() - interval '25 hours' WHERE deployment_id = $1`, [
        d.id,
      ]);
      expect((await payout(d, payee, '10')).status).toBe(201);
    });

    it('20 concurrent payouts against a 24 h limit that fits 5: exactly 5 pass', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      await putPolicy(d, { limits: [{ currencyId: CHAIN, maxPerPayout: null, maxPer24h: '5' }] }).expect(200);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => payout(d, evmWallet().address, '1', d.members[index % 3])),
      );
      const statuses = results.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(results.filter((res) => res.status === 400).map((res) => res.body.code)).toEqual(
        Array(15).fill('DAILY_LIMIT_EXCEEDED'),
      );
      expect(await counts(d)).toEqual({ payouts: 5, operations: 5 });
    });

    it('PAYEE_LOOKALIKE: after a payout to A, B sharing its digits is refused; its review (made before the policy) warns CRITICAL', async () => {
      const d = await createDeployment(t, { chainId: CHAIN });
      const a = evmWallet().address;
      const b = lookalikeOf(a);
      expect((await payout(d, a)).status).toBe(201);
      // Created while the policy let look-alikes through.
      await putPolicy(d, { blockLookalikes: false }).expect(200);
      const early = await payout(d, b);
      expect(early.status).toBe(201);
      await putPolicy(d, { blockLookalikes: true }).expect(200);
      // A third address with A's digits (and B's): refused now.
      const c = `0x${a.slice(2, 5)}${'7'.repeat(33)}${a.slice(-4)}`;
      await expectRefused(d, c, '1', 'PAYEE_LOOKALIKE');
      const review = await request(t.http)
        .get(queuePath(d.id, `/${early.body.queueOperationId}/review`))
        .set(as(d.members[2]));
      expect(review.status).toBe(200);
      expect(review.body.warnings[0]).toMatchObject({ code: 'PAYEE_LOOKALIKE', severity: 'CRITICAL', callIndex: 0 });
      expect(review.body.simulation.status).toBe('UNAVAILABLE');
      // A's own review: A was paid before nobody, so it is a first-time payee, not a look-alike of B.
      const firstOp = (
        await request(t.http).get(`/api/v1/deployments/${d.id}/payouts`).set(as(d.members[0]))
      ).body.items.find((item: { toAddress: string }) => item.toAddress.toLowerCase() === a.toLowerCase());
      const firstReview = await request(t.http)
        .get(queuePath(d.id, `/${firstOp.queueOperationId}/review`))
        .set(as(d.members[0]));
      expect(firstReview.body.warnings.map((warning: { code: string }) => warning.code)).toEqual(['FIRST_TIME_PAYEE']);
      // A again is a known payee: no warning, no refusal.
      const again = await payout(d, a);
      expect(again.status).toBe(201);
      const againReview = await request(t.http)
        .get(queuePath(d.id, `/${again.body.queueOperationId}/review`))
        .set(as(d.members[0]));
      expect(againReview.body.warnings.filter((w: { code: string }) => w.code !== 'BLOCKED_BY_EARLIER_NONCE')).toEqual(
        [],
      );
    });

    it('an approved address-book entry is not a look-alike of itself, and labels the review', async () => {
      const d = await createDeployment(t, { chainId: CHAIN, memberCount: 1, approverCount: 1, threshold: 1 });
      const a = evmWallet().address;
      // A payout to a look-alike of the entry came first.
      expect((await payout(d, lookalikeOf(a))).status).toBe(201);
      await putPolicy(d, { blockLookalikes: false }).expect(200);
      const entry = await addEntry(d, d.members[0], a, 'Acme payroll');
      expect(entry.body.status).toBe('APPROVED');
      await putPolicy(d, { blockLookalikes: true }).expect(200);
      // The entry itself is known: paid without refusal even though it looks like the earlier payee.
      const paid = await payout(d, a);
      expect(paid.status).toBe(201);
      const review = await request(t.http)
        .get(queuePath(d.id, `/${paid.body.queueOperationId}/review`))
        .set(as(d.members[0]));
      expect(review.body.calls[0].toLabel).toBe('Acme payroll');
      expect(review.body.warnings.map((warning: { code: string }) => warning.code)).not.toContain('PAYEE_LOOKALIKE');
    });
  });
});
