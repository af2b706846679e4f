import request from 'supertest';
import { decodeFunctionData, erc20Abi, getAddress } from 'viem';
import { CURRENCIES } from '../../src/modules/catalog/seed/currencies';
import {
  createDeployment,
  createMember,
  evmWallet,
  TestDeployment,
  TestMember,
  TRON_MAINNET,
  tronWallet,
} from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { ETH_USDC, ETH_USDT, TRON_USDT } from '../support/invoices';
import { executionEvent, getOperation, hex20, OperationBody, queuePath, sign, submission } from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';

// The e2e project's `testTimeout` is not applied per test (jest 30); scrypt-hashed members are slow.
jest.setTimeout(60_000);

const UNKNOWN_ID = '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b';

interface PayoutBody {
  id: string;
  currencyId: string;
  amount: string;
  toAddress: string;
  isTron: boolean;
  deploymentId: string;
  trackingId: string | null;
  callbackUrl: string | null;
  queueOperationId: string;
  nonce: string;
  status: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  currency: { id: string; decimals: number };
}

describe('payouts (endpoints 14-17, docs/contract.md, Payouts)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
  });
  afterAll(() => t.close());

  const payoutsPath = (d: { id: string }, suffix = '') => `/api/v1/deployments/${d.id}/payouts${suffix}`;
  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });
  const recipientFor = (d: TestDeployment) => (d.chainId === TRON_MAINNET ? tronWallet() : evmWallet()).address;
  const bodyFor = (d: TestDeployment, overrides: Record<string, unknown> = {}) => ({
    deploymentId: d.id,
    currencyId: d.chainId,
    amount: '1.5',
    toAddress: recipientFor(d),
    ...overrides,
  });
  const post = (d: TestDeployment, body: unknown, member: TestMember = d.members[0]) =>
    request(t.http)
      .post(payoutsPath(d))
      .set(as(member))
      .send(body as object);
  async function createPayout(
    d: TestDeployment,
    overrides: Record<string, unknown> = {},
    member: TestMember = d.members[0],
  ): Promise<PayoutBody> {
    const res = await post(d, bodyFor(d, overrides), member);
    if (res.status !== 201) throw new Error(`create payout answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body as PayoutBody;
  }
  const getPayout = (d: TestDeployment, id: string, member: TestMember = d.members[0]) =>
    request(t.http)
      .get(payoutsPath(d, `/${id}`))
      .set(as(member));
  const patch = (d: TestDeployment, id: string, body: unknown, member: TestMember = d.members[0]) =>
    request(t.http)
      .patch(payoutsPath(d, `/${id}`))
      .set(as(member))
      .send(body as object);
  const statusOf = async (d: TestDeployment, id: string) => (await getPayout(d, id).expect(200)).body.status as string;
  const operationOf = async (d: TestDeployment, payout: PayoutBody) =>
    (await getOperation(t, d, d.members[0], payout.queueOperationId).expect(200)).body as OperationBody & {
      status: string;
      signaturesCollected: number;
    };
  async function signBy(d: TestDeployment, operation: OperationBody, members: TestMember[]): Promise<void> {
    const version = d.chainId === TRON_MAINNET ? `1.2.0-tvm-${TRON_MAINNET}` : '1.2.0-evm';
    for (const member of members)
      await sign(t, d, member, operation.id, await submission(member, d, version, operation)).expect(200);
  }
  async function execute(
    d: TestDeployment,
    operationIds: string[],
    status: 'PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED',
    hash: string,
  ) {
    const [result] = await ingest(t, [executionEvent(d, operationIds, status, hash, eventId())]);
    expect(result).toMatchObject({ applied: true, error: null });
  }
  async function counts(d: TestDeployment): Promise<{ payouts: number; operations: number }> {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM payouts WHERE deployment_id = $1) AS payouts,
              (SELECT count(*)::int FROM queue_operations WHERE deployment_id = $1) AS operations`,
      [d.id],
    );
    return row;
  }

  describe.each([
    ['Ethereum', '1', '1', ETH_USDT, '1.2.0-evm'],
    ['Tron', TRON_MAINNET, TRON_MAINNET, TRON_USDT, `1.2.0-tvm-${TRON_MAINNET}`],
  ])('on %s (chain %s)', (_name, chainId, nativeId, tokenId, version) => {
    const native = CURRENCIES.find((c) => c.id === nativeId)!;
    const token = CURRENCIES.find((c) => c.id === tokenId)!;
    const isTron = chainId === TRON_MAINNET;

    it.each([
      ['native coin', nativeId, '1.5'],
      ['token', tokenId, '12.345678'],
    ])(
      'a %s payout: exact calls, signed, sent, executed, with its OUT transaction',
      async (kind, currencyId, amount) => {
        const d = await createDeployment(t, { chainId, version, memberCount: 3, approverCount: 3, threshold: 2 });
        const currency = kind === 'token' ? token : native;
        const baseUnits =
          BigInt(amount.replace('.', '')) * 10n ** BigInt(currency.decimals - (amount.split('.')[1]?.length ?? 0));
        const recipient = recipientFor(d);
        const creator = d.members[2];
        const created = await createPayout(
          d,
          { currencyId, amount, toAddress: recipient, trackingId: 'order-7', callbackUrl: 'https://shop.example/cb' },
          creator,
        );

        expect(created).toMatchObject({
          currencyId,
          amount,
          toAddress: recipient,
          isTron,
          deploymentId: d.id,
          trackingId: 'order-7',
          callbackUrl: 'https://shop.example/cb',
          nonce: '0',
          status: 'CREATED',
          createdBy: creator.address,
          currency: { id: currencyId, decimals: currency.decimals, isNative: kind !== 'token' },
        });
        expect(Object.keys(created).sort()).toEqual(
          [
            'id',
            'currencyId',
            'amount',
            'toAddress',
            'isTron',
            'deploymentId',
            'trackingId',
            'callbackUrl',
            'queueOperationId',
            'nonce',
            'status',
            'createdBy',
            'createdAt',
            'updatedAt',
            'currency',
          ].sort(),
        );
        expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
        expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

        // The operation (endpoint 4) carries exactly the requested transfer.
        const operation = await operationOf(d, created);
        expect(operation).toMatchObject({
          operationType: 'PAYOUT',
          payload: { payoutId: created.id },
          nonce: '0',
          status: 'PENDING',
          createdBy: creator.address,
        });
        expect(operation.calls).toHaveLength(1);
        const [call] = operation.calls;
        // Tron calls[].to come back in the 0x-hex form the wallet ABI encodes (docs/contract.md, Wire details).
        const wireTo = (address: string) => (d.chainId === TRON_MAINNET ? getAddress(hex20(address)) : address);
        if (kind === 'token') {
          expect(call.to).toBe(wireTo(token.address as string));
          expect(call.value).toBe('0');
          const decoded = decodeFunctionData({ abi: erc20Abi, data: call.data as `0x${string}` });
          expect(decoded.functionName).toBe('transfer');
          expect(decoded.args).toEqual([getAddress(hex20(recipient)), baseUnits]);
        } else {
          expect(call).toEqual({ to: wireTo(recipient), value: baseUnits.toString(), data: '0x' });
        }

        // One signature of two: still CREATED; the second: SIGNED.
        await signBy(d, operation, [d.approvers[0]]);
        expect(await statusOf(d, created.id)).toBe('CREATED');
        await signBy(d, operation, [d.approvers[1]]);
        expect((await operationOf(d, created)).status).toBe('READY');
        const signed = (await getPayout(d, created.id).expect(200)).body as PayoutBody;
        expect(signed.status).toBe('SIGNED');
        expect(signed.updatedAt >= created.updatedAt).toBe(true);

        const hash = txHash();
        await execute(d, [operation.id], 'PENDING', hash);
        expect(await statusOf(d, created.id)).toBe('SENT');
        await execute(d, [operation.id], 'EXECUTED', hash);
        expect(await statusOf(d, created.id)).toBe('EXECUTED');

        const listed = await request(t.http)
          .get(`/api/v1/deployments/${d.id}/transactions`)
          .query({ operationTypes: 'payout' })
          .set(as(d.members[0]))
          .expect(200);
        expect(listed.body.total).toBe(1);
        expect(listed.body.items[0]).toMatchObject({
          direction: 'OUT',
          status: 'EXECUTED',
          operationType: 'payout',
          operationId: operation.id,
          currencyId,
          amount: `-${amount}`,
          toAddress: recipient,
          fromAddress: d.address,
          // docs/contract.md, Transactions: Tron hashes are written without 0x, however the indexer sent them.
          txHash: isTron ? hash.slice(2) : hash,
          currency: { id: currencyId },
        });

        // Final: a later report (here the transaction reported FAILED after all) never moves the payout.
        await execute(d, [operation.id], 'FAILED', hash);
        expect(await statusOf(d, created.id)).toBe('EXECUTED');
      },
    );

    it('a failed execution fails the payout (and records a FAILED OUT transaction)', async () => {
      const d = await createDeployment(t, { chainId, version });
      const created = await createPayout(d, { currencyId: tokenId, amount: '2' });
      const operation = await operationOf(d, created);
      await signBy(d, operation, d.approvers.slice(0, 2));
      const hash = txHash();
      await execute(d, [operation.id], 'PENDING', hash);
      await execute(d, [operation.id], 'FAILED', hash);
      expect(await statusOf(d, created.id)).toBe('FAILED');
      expect((await operationOf(d, created)).status).toBe('FAILED');
      await execute(d, [operation.id], 'EXECUTED', txHash());
      expect(await statusOf(d, created.id)).toBe('FAILED');
      const [row] = await t.dataSource.query(
        `SELECT status, currency_id, amount, direction FROM transactions WHERE operation_id = $1 AND tx_hash = $2`,
        [operation.id, isTron ? hash.slice(2) : hash],
      );
      expect(row).toEqual({ status: 'FAILED', currency_id: tokenId, amount: '2000000', direction: 'OUT' });
    });
  });

  describe('following the operation', () => {
    it('deleting the operation (endpoint 5) cancels the payout for good', async () => {
      const d = await createDeployment(t);
      const created = await createPayout(d);
      await signBy(d, await operationOf(d, created), d.approvers.slice(0, 2));
      expect(await statusOf(d, created.id)).toBe('SIGNED');
      await request(t.http)
        .delete(queuePath(d.id, `/${created.queueOperationId}`))
        .set(as(d.members[0]))
        .expect(200);
      expect(await statusOf(d, created.id)).toBe('CANCELED');
      // The chain executing it anyway does not revive a final status.
      await execute(d, [created.queueOperationId], 'EXECUTED', txHash());
      expect(await statusOf(d, created.id)).toBe('CANCELED');
    });

    it("a REJECT executed at the payout's nonce cancels it", async () => {
      const d = await createDeployment(t, { nonce: '3' });
      const created = await createPayout(d);
      expect(created.nonce).toBe('3');
      const reject = (
        await request(t.http).post(queuePath(d.id, '/reject')).set(as(d.approvers[1])).send({ nonce: '3' }).expect(201)
      ).body as OperationBody;
      await signBy(d, reject, d.approvers.slice(0, 2));
      await execute(d, [reject.id], 'EXECUTED', txHash());
      expect((await operationOf(d, created)).status).toBe('CANCELLED');
      expect(await statusOf(d, created.id)).toBe('CANCELED');
    });

    it('a nonce change (endpoint 9) sends a SIGNED payout back to CREATED with the new nonce and no signatures', async () => {
      const d = await createDeployment(t);
      const created = await createPayout(d);
      await signBy(d, await operationOf(d, created), d.approvers.slice(0, 2));
      expect(await statusOf(d, created.id)).toBe('SIGNED');
      const changed = await request(t.http)
        .patch(queuePath(d.id, `/${created.queueOperationId}/nonce`))
        .set(as(d.approvers[0]))
        .send({ nonce: '9' })
        .expect(200);
      expect(changed.body).toMatchObject({
        nonce: '9',
        status: 'PENDING',
        signaturesCollected: 0,
        signatureBlob: null,
      });
      const after = (await getPayout(d, created.id).expect(200)).body as PayoutBody;
      expect(after).toMatchObject({ status: 'CREATED', nonce: '9' });
      // Signing again at the new nonce makes it SIGNED again.
      await signBy(d, changed.body, d.approvers.slice(0, 2));
      expect(await statusOf(d, created.id)).toBe('SIGNED');
    });

    it('raising the threshold above the collected signatures sends SIGNED back to CREATED', async () => {
      const d = await createDeployment(t, { memberCount: 3, approverCount: 3, threshold: 1 });
      const change = (
        await request(t.http)
          .post(queuePath(d.id, '/multisig-config'))
          .set(as(d.members[0]))
          .send({
            approvers: d.approvers.map((m) => m.address),
            threshold: 3,
            calls: [{ to: d.address, value: '0', data: '0x12345678' }],
          })
          .expect(201)
      ).body as OperationBody;
      const created = await createPayout(d);
      expect(created.nonce).toBe('1');
      await signBy(d, await operationOf(d, created), [d.approvers[0]]);
      expect(await statusOf(d, created.id)).toBe('SIGNED');
      await signBy(d, change, [d.approvers[0]]);
      await execute(d, [change.id], 'EXECUTED', txHash());
      expect((await operationOf(d, created)).status).toBe('PENDING');
      expect(await statusOf(d, created.id)).toBe('CREATED');
    });
  });

  describe('create', () => {
    it('takes the next free nonce, or a given one ≥ currentNonce; any member may create', async () => {
      const d = await createDeployment(t, { nonce: '5', memberCount: 3, approverCount: 2 });
      const nonApprover = d.members[2];
      expect((await createPayout(d, {}, nonApprover)).nonce).toBe('5');
      expect((await createPayout(d)).nonce).toBe('6');
      const given = await createPayout(d, { nonce: '20' });
      expect(given.nonce).toBe('20');
      expect((await operationOf(d, given)).nonce).toBe('20');
      expect((await createPayout(d, { nonce: '5' })).nonce).toBe('5');
      expect((await createPayout(d)).nonce).toBe('21');
    });

    it('accepts currency ids and EVM addresses in any case, and returns canonical forms', async () => {
      const d = await createDeployment(t);
      const recipient = evmWallet().address;
      const created = await createPayout(d, {
        currencyId: ETH_USDC.toUpperCase().replace('0X', '0x'),
        toAddress: recipient.toLowerCase(),
        amount: '0.000001',
      });
      expect(created).toMatchObject({ currencyId: ETH_USDC, toAddress: recipient, amount: '0.000001' });
    });

    it('accepts the 41… hex form of a Tron recipient and returns base58', async () => {
      const d = await createDeployment(t, { chainId: TRON_MAINNET });
      const recipient = tronWallet().address;
      const created = await createPayout(d, { toAddress: `41${hex20(recipient).slice(2)}` });
      expect(created.toAddress).toBe(recipient);
    });

    it('gives 12 concurrent creates distinct nonces, each payout with its own operation at its nonce', async () => {
      const d = await createDeployment(t);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post(d, bodyFor(d, { trackingId: `c-${i}` }), d.members[i % 3])),
      );
      expect(results.map((res) => res.status)).toEqual(Array(12).fill(201));
      const nonces = results.map((res) => Number(res.body.nonce)).sort((a, b) => a - b);
      expect(nonces).toEqual(Array.from({ length: 12 }, (_, i) => i));
      const rows = await t.dataSource.query(
        `SELECT p.nonce = o.nonce AS same, o.payload->>'payoutId' = p.id::text AS linked
           FROM payouts p JOIN queue_operations o ON o.id = p.queue_operation_id WHERE p.deployment_id = $1`,
        [d.id],
      );
      expect(rows).toHaveLength(12);
      expect(rows.every((row: { same: boolean; linked: boolean }) => row.same && row.linked)).toBe(true);
      expect(await counts(d)).toEqual({ payouts: 12, operations: 12 });
    });

    describe('400 and nothing stored', () => {
      let d: TestDeployment;
      let tron: TestDeployment;

      beforeAll(async () => {
        d = await createDeployment(t, { nonce: '5' });
        tron = await createDeployment(t, { chainId: TRON_MAINNET });
      });

      const tooLongUrl = `https://example.com/${'a'.repeat(2040)}`;
      it.each([
        ['deploymentId of another deployment', { deploymentId: UNKNOWN_ID }, 'deploymentId'],
        ['deploymentId not a string', { deploymentId: 7 }, 'deploymentId'],
        ['unknown currency', { currencyId: '1-0x0000000000000000000000000000000000000001' }, 'currencyId'],
        ['currency of another network', { currencyId: TRON_USDT }, 'currencyId'],
        ['native coin of another network', { currencyId: '56' }, 'currencyId'],
        ['malformed currency id', { currencyId: 'usdt' }, 'currencyId'],
        ['zero amount', { amount: '0' }, 'amount'],
        ['zero amount with decimals', { amount: '0.000' }, 'amount'],
        ['negative amount', { amount: '-1' }, 'amount'],
        ['too many decimals for USDT', { currencyId: ETH_USDT, amount: '1.0000001' }, 'amount'],
        ['too many decimals for ETH', { amount: '1.0000000000000000001' }, 'amount'],
        ['amount as a number', { amount: 1 }, 'amount'],
        ['amount with an exponent', { amount: '1e3' }, 'amount'],
        ['amount beyond uint256', { amount: '1'.repeat(70) }, 'amount'],
        ['bad toAddress', { toAddress: '0x1234' }, 'toAddress'],
        ['Tron toAddress on EVM', { toAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, 'toAddress'],
        ['toAddress as a number', { toAddress: 12 }, 'toAddress'],
        ['trackingId with bad characters', { trackingId: 'order_1!' }, 'trackingId'],
        ['empty trackingId', { trackingId: '' }, 'trackingId'],
        ['trackingId of 129 characters', { trackingId: 'a'.repeat(129) }, 'trackingId'],
        ['ftp callbackUrl', { callbackUrl: 'ftp://example.com/cb' }, 'callbackUrl'],
        ['callbackUrl that is no URL', { callbackUrl: 'not a url' }, 'callbackUrl'],
        ['callbackUrl over 2048 characters', { callbackUrl: tooLongUrl }, 'callbackUrl'],
        ['nonce below currentNonce', { nonce: '4' }, 'nonce'],
        ['negative nonce', { nonce: '-1' }, 'nonce'],
        ['nonce as a number', { nonce: 6 }, 'nonce'],
        ['nonce beyond uint256', { nonce: (1n << 256n).toString() }, 'nonce'],
        ['unknown field', { memo: 'hi' }, 'memo'],
      ])('%s', async (_case, overrides, field) => {
        const before = await counts(d);
        const res = await post(d, bodyFor(d, overrides)).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
        expect(res.body.message).toMatch(/^\[ERR_400\] /);
        expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
        expect(await counts(d)).toEqual(before);
      });

      it.each(['deploymentId', 'currencyId', 'amount', 'toAddress'])('missing %s', async (field) => {
        const body: Record<string, unknown> = bodyFor(d);
        delete body[field];
        const res = await post(d, body).expect(400);
        expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
        expect(await counts(d)).toEqual({ payouts: 0, operations: 0 });
      });

      it('an EVM address on a Tron deployment, and a Tron address of bad checksum', async () => {
        for (const toAddress of [evmWallet().address, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u']) {
          const res = await post(tron, bodyFor(tron, { toAddress })).expect(400);
          expect(res.body.details).toEqual([expect.objectContaining({ field: 'toAddress' })]);
        }
        expect(await counts(tron)).toEqual({ payouts: 0, operations: 0 });
      });

      it('an empty or non-object body', async () => {
        await post(d, {}).expect(400);
        await request(t.http)
          .post(payoutsPath(d))
          .set(as(d.members[0]))
          .set('content-type', 'application/json')
          .send('[1]')
          .expect(400);
        expect(await counts(d)).toEqual({ payouts: 0, operations: 0 });
      });
    });
  });

  describe('update (PATCH)', () => {
    let d: TestDeployment;
    beforeAll(async () => {
      d = await createDeployment(t);
    });

    it('changes present fields, keeps absent ones, clears with null; tracking ids need not be unique', async () => {
      const created = await createPayout(d, { trackingId: 'first', callbackUrl: 'https://a.example/cb' });
      const other = await createPayout(d, { trackingId: 'shared' });
      const res = await patch(d, created.id, { trackingId: 'shared' }).expect(200);
      expect(res.body).toMatchObject({
        id: created.id,
        trackingId: 'shared',
        callbackUrl: 'https://a.example/cb',
        status: 'CREATED',
        amount: '1.5',
      });
      expect(res.body.updatedAt >= created.updatedAt).toBe(true);
      expect((await getPayout(d, other.id).expect(200)).body.trackingId).toBe('shared');
      expect((await patch(d, created.id, { callbackUrl: 'http://b.example/x' }).expect(200)).body).toMatchObject({
        trackingId: 'shared',
        callbackUrl: 'http://b.example/x',
      });
      expect((await patch(d, created.id, { trackingId: null, callbackUrl: null }).expect(200)).body).toMatchObject({
        trackingId: null,
        callbackUrl: null,
      });
      expect((await getPayout(d, created.id).expect(200)).body).toMatchObject({ trackingId: null, callbackUrl: null });
    });

    it('loses neither change when PATCH races the signature that makes the payout SIGNED (row lock)', async () => {
      const raced = await createDeployment(t, { memberCount: 2, approverCount: 2, threshold: 1 });
      const payouts = await Promise.all(
        Array.from({ length: 10 }, (_, i) => createPayout(raced, { trackingId: `before-${i}` })),
      );
      const version = '1.2.0-evm';
      const signatures = await Promise.all(
        payouts.map(async (payout) => submission(raced.approvers[0], raced, version, await operationOf(raced, payout))),
      );
      const results = await Promise.all(
        payouts.flatMap((payout, i) => [
          patch(raced, payout.id, { trackingId: `after-${i}`, callbackUrl: 'https://raced.example/cb' }),
          sign(t, raced, raced.approvers[1], payout.queueOperationId, signatures[i]),
        ]),
      );
      expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
      for (const [i, payout] of payouts.entries()) {
        expect((await getPayout(raced, payout.id).expect(200)).body).toMatchObject({
          status: 'SIGNED',
          trackingId: `after-${i}`,
          callbackUrl: 'https://raced.example/cb',
        });
      }
    });

    it.each([
      ['an empty body', {}],
      ['only unknown fields', { status: 'EXECUTED' }],
      ['a bad trackingId', { trackingId: 'no spaces' }],
      ['a number trackingId', { trackingId: 5 }],
      ['a bad callbackUrl', { callbackUrl: 'javascript:alert(1)' }],
      ['a valid field with an unknown one', { trackingId: 'ok', amount: '100' }],
    ])('is 400 for %s and changes nothing', async (_case, body) => {
      const created = await createPayout(d, { trackingId: 'keep' });
      const res = await patch(d, created.id, body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect((await getPayout(d, created.id).expect(200)).body).toMatchObject({
        trackingId: 'keep',
        updatedAt: created.updatedAt,
        amount: '1.5',
        status: 'CREATED',
      });
    });
  });

  describe('access', () => {
    let d: TestDeployment;
    let payout: PayoutBody;
    beforeAll(async () => {
      d = await createDeployment(t);
      payout = await createPayout(d, { trackingId: 'mine' });
    });

    const endpoints = (dep: { id: string }, payoutId: string, body: object) => [
      () => request(t.http).post(payoutsPath(dep)).send(body),
      () => request(t.http).get(payoutsPath(dep)),
      () => request(t.http).get(payoutsPath(dep, `/${payoutId}`)),
      () =>
        request(t.http)
          .patch(payoutsPath(dep, `/${payoutId}`))
          .send({ trackingId: 'stolen' }),
    ];

    it('is 401 on every endpoint without or with a wrong credential', async () => {
      for (const call of endpoints(d, payout.id, bodyFor(d))) {
        const missing = await call().expect(401);
        expect(missing.body).toMatchObject({ code: 'UNAUTHORIZED', message: '[ERR_401] Invalid or missing token' });
        await call().set('x-api-key', 'wrong-key').expect(401);
        await call().set('authorization', 'Bearer not.a.jwt').expect(401);
      }
      expect(await counts(d)).toEqual({ payouts: 1, operations: 1 });
    });

    it('is 404 for a non-member or an unknown deployment on every endpoint, and changes nothing', async () => {
      const outsider = await createMember(t);
      for (const [dep, key] of [
        [d, outsider.apiKey],
        [{ id: UNKNOWN_ID }, d.members[0].apiKey],
      ] as const) {
        for (const call of endpoints(dep, payout.id, { ...bodyFor(d), deploymentId: dep.id })) {
          const res = await call().set('x-api-key', key).expect(404);
          expect(res.body).toMatchObject({ statusCode: 404, code: 'DEPLOYMENT_NOT_FOUND' });
        }
      }
      expect(await counts(d)).toEqual({ payouts: 1, operations: 1 });
      expect((await getPayout(d, payout.id).expect(200)).body.trackingId).toBe('mine');
    });

    it('is 400 for a malformed deploymentId', async () => {
      for (const call of endpoints({ id: 'not-a-uuid' }, payout.id, bodyFor(d))) {
        const res = await call().set(as(d.members[0])).expect(400);
        expect(res.body.code).toBe('INVALID_DEPLOYMENT_ID');
      }
    });

    it('is 404 for an unknown payout, a malformed id, an operation id, and a payout of another deployment of the same member', async () => {
      const other = await createDeployment(t);
      const foreign = await createPayout(other, { trackingId: 'theirs' });
      // A second deployment of the same account: its members are members of both.
      const second = await t.app.get(DeploymentsService).createDeployment({
        accountId: other.accountId,
        chainId: '56',
      });
      const member = other.members[0];
      expect((await request(t.http).get(payoutsPath(second)).set(as(member)).expect(200)).body.total).toBe(0);
      for (const [dep, asMember, id] of [
        [d, d.members[0], UNKNOWN_ID],
        [d, d.members[0], 'not-an-id'],
        [d, d.members[0], payout.queueOperationId],
        [second, member, foreign.id],
      ] as const) {
        const read = await request(t.http)
          .get(payoutsPath(dep, `/${id}`))
          .set(as(asMember))
          .expect(404);
        expect(read.body).toMatchObject({ statusCode: 404, code: 'PAYOUT_NOT_FOUND' });
        await request(t.http)
          .patch(payoutsPath(dep, `/${id}`))
          .set(as(asMember))
          .send({ trackingId: 'stolen' })
          .expect(404);
      }
      expect((await getPayout(other, foreign.id, member).expect(200)).body.trackingId).toBe('theirs');
      expect((await getPayout(d, payout.id).expect(200)).body.trackingId).toBe('mine');
    });
  });

  describe('list', () => {
    let d: TestDeployment;
    const ids: Record<string, string> = {};
    const recipients: Record<string, string> = {};

    beforeAll(async () => {
      d = await createDeployment(t, { memberCount: 3, approverCount: 3, threshold: 1 });
      recipients.a = evmWallet().address;
      recipients.b = evmWallet().address;
      recipients.c = evmWallet().address;
      ids.a = (
        await createPayout(d, { trackingId: 'Shop-A1', currencyId: ETH_USDT, toAddress: recipients.a }, d.members[0])
      ).id;
      ids.b = (
        await createPayout(d, { trackingId: 'shop-b2', currencyId: ETH_USDC, toAddress: recipients.b }, d.members[1])
      ).id;
      ids.c = (await createPayout(d, { currencyId: '1', toAddress: recipients.c }, d.members[1])).id;
      // a: SIGNED (threshold 1).
      const a = (await getPayout(d, ids.a).expect(200)).body as PayoutBody;
      await signBy(d, await operationOf(d, a), [d.approvers[0]]);
      await t.dataSource.query(
        `UPDATE payouts SET created_at = v.created::timestamptz, updated_at = v.updated::timestamptz
           FROM (VALUES ($1::uuid, '2026-01-01T00:00:00Z', '2026-03-03T00:00:00Z'),
                        ($2::uuid, '2026-01-02T00:00:00Z', '2026-03-01T00:00:00Z'),
                        ($3::uuid, '2026-01-03T00:00:00Z', '2026-03-02T00:00:00Z')) AS v(id, created, updated)
          WHERE payouts.id = v.id`,
        [ids.a, ids.b, ids.c],
      );
      // Another deployment's payouts never show.
      const other = await createDeployment(t);
      await createPayout(other, { trackingId: 'Shop-A1' });
    });

    const list = async (query: string) => {
      const res = await request(t.http)
        .get(`${payoutsPath(d)}${query}`)
        .set(as(d.members[0]))
        .expect(200);
      return {
        total: res.body.total as number,
        ids: (res.body.items as { id: string }[]).map((item) => item.id),
        body: res.body,
      };
    };
    const named = (...keys: string[]) => keys.map((key) => ids[key]);

    it('defaults to createdAt desc, page 1, pageSize 10, with full items', async () => {
      const res = await list('');
      expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
      expect(Object.keys(res.body).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
      expect(res.ids).toEqual(named('c', 'b', 'a'));
      expect(res.body.items[2]).toMatchObject({
        id: ids.a,
        status: 'SIGNED',
        currencyId: ETH_USDT,
        amount: '1.5',
        currency: { id: ETH_USDT, symbol: 'USDT' },
      });
    });

    const upperUsdc = ETH_USDC.toUpperCase().replace('0X', '0x');
    it.each([
      ['?sortBy=createdAt&sortOrder=asc', ['a', 'b', 'c']],
      ['?sortBy=createdAt&sortOrder=desc', ['c', 'b', 'a']],
      ['?sortBy=updatedAt&sortOrder=asc', ['b', 'c', 'a']],
      ['?sortBy=updatedAt', ['a', 'c', 'b']],
      ['?sortOrder=asc', ['a', 'b', 'c']],
      ['?statuses=SIGNED', ['a']],
      ['?statuses=CREATED,SIGNED', ['c', 'b', 'a']],
      ['?statuses=EXECUTED&statuses=CREATED', ['c', 'b']],
      ['?statuses[]=CANCELED', []],
      ['?trackingId=SHOP', ['b', 'a']],
      ['?trackingId=b2', ['b']],
      [`?currencyIds=${upperUsdc}`, ['b']],
      [`?currencyIds=1&currencyIds=${ETH_USDT}`, ['c', 'a']],
      ['?currencyIds=56', []],
      ['?createdFrom=2026-01-02T00:00:00.000Z', ['c', 'b']],
      ['?createdTo=2026-01-02T00:00:00.000Z', ['b', 'a']],
      ['?updatedFrom=2026-03-02T00:00:00.000Z', ['c', 'a']],
      ['?updatedTo=2026-03-01T00:00:00.000Z', ['b']],
      ['?pageSize=2&page=2', ['a']],
      ['?page=9', []],
    ])('%s', async (query, expected) => {
      expect((await list(query)).ids).toEqual(named(...expected));
    });

    it('filters createdBy by substring of the creator address, case-insensitively', async () => {
      const creatorB = d.members[1].address;
      expect((await list(`?createdBy=${creatorB.slice(2, 14).toUpperCase()}`)).ids).toEqual(named('c', 'b'));
      expect((await list(`?createdBy=${d.members[0].address.toLowerCase()}`)).ids).toEqual(named('a'));
    });

    it('filters toAddress by substring, case-insensitively', async () => {
      expect((await list(`?toAddress=${recipients.b.slice(5, 20).toLowerCase()}`)).ids).toEqual(named('b'));
      expect((await list(`?toAddress=${recipients.c.toUpperCase().replace('0X', '0x')}`)).ids).toEqual(named('c'));
    });

    it('filters by id substring, case-insensitively', async () => {
      expect((await list(`?id=${ids.b.slice(-12).toUpperCase()}`)).ids).toEqual(named('b'));
    });

    it('treats LIKE wildcards in substrings literally', async () => {
      expect((await list('?trackingId=%25')).ids).toEqual([]);
      expect((await list('?trackingId=_')).ids).toEqual([]);
    });

    it('orders by id when asked (both ways), and reports the true total past the end', async () => {
      const sorted = [...named('a', 'b', 'c')].sort();
      expect((await list('?sortBy=id&sortOrder=asc')).ids).toEqual(sorted);
      expect((await list('?sortBy=id')).ids).toEqual([...sorted].reverse());
      expect(await list('?page=9007199254740991')).toMatchObject({ total: 3, ids: [] });
    });

    it.each([
      ['?sortBy=amount', 'sortBy'],
      ['?sortOrder=up', 'sortOrder'],
      ['?statuses=CANCELLED', 'statuses'],
      ['?pageSize=101', 'pageSize'],
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
      ['?createdFrom=yesterday', 'createdFrom'],
      ['?updatedTo=2026-13-45', 'updatedTo'],
      ['?currencyIds=usdt', 'currencyIds'],
      ['?colour=red', 'colour'],
    ])('is 400 for %s', async (query, field) => {
      const res = await request(t.http)
        .get(`${payoutsPath(d)}${query}`)
        .set(as(d.members[0]))
        .expect(400);
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });
  });
});
