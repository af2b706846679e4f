import request from 'supertest';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { QueueService } from '../../src/modules/queue/application/queue.service';
import { createDeployment, createMember, evmWallet, TestDeployment, TestMember } from '../support/builders';
import { confirmationsFor, eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import {
  callsTo,
  createConfigChange,
  decodeBlob,
  getOperation,
  hex20,
  OperationBody,
  queuePath,
  sign,
  submission,
} from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

const VERSION = '1.2.0-evm';
const UNKNOWN_ID = '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b';

describe('operations queue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
  });
  afterAll(() => t.close());

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });
  const executeId = (id: string) => `0x${'0'.repeat(32)}${id.replace(/-/g, '')}`;
  const reject = (d: TestDeployment, member: TestMember, nonce: unknown) =>
    request(t.http).post(queuePath(d.id, '/reject')).set(as(member)).send({ nonce });
  const changeNonce = (d: TestDeployment, member: TestMember, id: string, nonce: unknown) =>
    request(t.http)
      .patch(queuePath(d.id, `/${id}/nonce`))
      .set(as(member))
      .send({ nonce });
  const remove = (d: TestDeployment, member: TestMember, id: string) =>
    request(t.http)
      .delete(queuePath(d.id, `/${id}`))
      .set(as(member));
  const list = (d: TestDeployment, member: TestMember, query: Record<string, string | string[]> = {}) =>
    request(t.http).get(queuePath(d.id)).query(query).set(as(member));
  const execution = (d: TestDeployment, ids: string[], status: string, hash = txHash()) => ({
    eventId: eventId(),
    kind: 'execution',
    chainId: d.chainId,
    deploymentAddress: d.address,
    txHash: hash,
    status,
    executeOperationIds: ids.map(executeId),
    confirmations: confirmationsFor(status),
    fee: '21000',
  });
  async function signBy(d: TestDeployment, op: OperationBody, members: TestMember[]): Promise<void> {
    for (const member of members) await sign(t, d, member, op.id, await submission(member, d, VERSION, op)).expect(200);
  }
  async function operationCount(d: TestDeployment): Promise<number> {
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM queue_operations WHERE deployment_id = $1`,
      [d.id],
    );
    return count;
  }
  async function nonceInfo(d: TestDeployment) {
    return (
      await request(t.http).get(`/api/v1/accounts/deployments/${d.id}/nonce-info`).set(as(d.members[0])).expect(200)
    ).body;
  }

  describe('access on every endpoint', () => {
    let d: TestDeployment;
    let other: TestDeployment;
    let outsider: TestMember;
    let op: OperationBody;
    let foreignOp: OperationBody;

    beforeAll(async () => {
      d = await createDeployment(t);
      other = await createDeployment(t);
      outsider = await createMember(t);
      op = await createConfigChange(t, d);
      foreignOp = await createConfigChange(t, other);
    });

    const endpoints: [string, (deploymentId: string, operationId: string) => request.Test][] = [
      ['list', (dep) => request(t.http).get(queuePath(dep))],
      ['read', (dep, id) => request(t.http).get(queuePath(dep, `/${id}`))],
      ['delete', (dep, id) => request(t.http).delete(queuePath(dep, `/${id}`))],
      [
        'multisig-config',
        (dep) =>
          request(t.http).post(queuePath(dep, '/multisig-config')).send({ approvers: [], threshold: 1, calls: [] }),
      ],
      ['reject', (dep) => request(t.http).post(queuePath(dep, '/reject')).send({ nonce: '0' })],
      [
        'sign',
        (dep, id) =>
          request(t.http)
            .post(queuePath(dep, `/${id}/sign`))
            .send({ signature: '0x00' }),
      ],
      [
        'nonce',
        (dep, id) =>
          request(t.http)
            .patch(queuePath(dep, `/${id}/nonce`))
            .send({ nonce: '0' }),
      ],
    ];

    it.each(endpoints)('%s: 401 without or with a bad credential', async (_name, call) => {
      const res = await call(d.id, op.id).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      await call(d.id, op.id).set('x-api-key', 'f'.repeat(64)).expect(401);
    });

    it.each(endpoints)('%s: the same 404 for a non-member and an unknown deployment', async (_name, call) => {
      const foreign = await call(d.id, op.id).set(as(outsider)).expect(404);
      const unknown = await call(UNKNOWN_ID, op.id).set(as(outsider)).expect(404);
      expect(foreign.body.code).toBe('DEPLOYMENT_NOT_FOUND');
      expect({ ...foreign.body, requestId: null }).toEqual({ ...unknown.body, requestId: null });
    });

    it.each(endpoints)('%s: 400 for a malformed deployment id', async (_name, call) => {
      await call('not-a-uuid', op.id).set(as(d.members[0])).expect(400);
    });

    it.each(endpoints.filter(([name]) => ['read', 'delete', 'sign', 'nonce'].includes(name)))(
      '%s: 404 for an operation of another deployment, an unknown and a malformed id',
      async (_name, call) => {
        for (const id of [foreignOp.id, UNKNOWN_ID, 'nope']) {
          const res = await call(d.id, id).set(as(d.members[0]));
          expect([res.status, res.body.code]).toEqual([404, 'OPERATION_NOT_FOUND']);
        }
        expect((await getOperation(t, other, other.members[0], foreignOp.id).expect(200)).body.status).toBe('PENDING');
      },
    );
  });

  describe('multisig config change (6)', () => {
    // One deployment for all the invalid bodies: none of them may store anything.
    let invalidTarget: TestDeployment;
    beforeAll(async () => {
      invalidTarget = await createDeployment(t);
    });

    it('creates a PENDING operation at the next free nonce with the contract fields', async () => {
      const d = await createDeployment(t, { nonce: '5' });
      const creator = d.members[2];
      const res = await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as(creator))
        .send({ approvers: d.approvers.map((m) => m.address.toLowerCase()), threshold: 3, calls: callsTo(d) })
        .expect(201);
      expect(Object.keys(res.body).sort()).toEqual(
        [
          'id',
          'executeOperationId',
          'nonce',
          'operationType',
          'status',
          'calls',
          'payload',
          'signaturesCollected',
          'signaturesRequired',
          'txHash',
          'userSigned',
          'canSign',
          'canExecute',
          'canDelete',
          'canReject',
          'isBlocked',
          'createdAt',
          'createdBy',
          'signatures',
          'signatureBlob',
          'expiresAt',
          'dappMetadata',
        ].sort(),
      );
      expect(res.body).toMatchObject({
        executeOperationId: executeId(res.body.id),
        nonce: '5',
        operationType: 'MULTISIG_CONFIG_CHANGE',
        status: 'PENDING',
        calls: [{ to: d.address, value: '0', data: '0x12345678' }],
        payload: {
          approvers: [...d.approvers]
            .sort((a, b) => (hex20(a.address) < hex20(b.address) ? -1 : 1))
            .map((m) => m.address),
          threshold: 3,
        },
        signaturesCollected: 0,
        signaturesRequired: 2,
        txHash: null,
        createdBy: creator.address,
        signatures: [],
        signatureBlob: null,
        expiresAt: null,
        dappMetadata: null,
      });
      expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect((await createConfigChange(t, d)).nonce).toBe('6');
      const rej = await reject(d, d.members[0], '10').expect(201);
      expect(rej.body).toMatchObject({ nonce: '10', operationType: 'REJECT', calls: [], payload: {} });
      expect((await createConfigChange(t, d)).nonce).toBe('11');
    });

    it.each([
      ['no approvers', { approvers: [] }, 'approvers'],
      ['duplicate approvers', 'dup', 'approvers'],
      ['an invalid approver', { approvers: ['0x123'] }, 'approvers.0'],
      ['a Tron approver on EVM', { approvers: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'] }, 'approvers.0'],
      ['33 approvers', 'many', 'approvers'],
      ['threshold 0', { threshold: 0 }, 'threshold'],
      ['threshold above approvers', { threshold: 4 }, 'threshold'],
      ['threshold as a string', { threshold: '2' }, 'threshold'],
      ['threshold fractional', { threshold: 1.5 }, 'threshold'],
      ['no calls', { calls: [] }, 'calls'],
      ['calls not a list', { calls: 'x' }, 'calls'],
      ['a call to an invalid address', { calls: [{ to: '0xnope', value: '0', data: '0x' }] }, 'calls.0.to'],
      [
        'a negative value',
        { calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: '-1', data: '0x' }] },
        'calls.0.value',
      ],
      [
        'a decimal value',
        { calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: '1.5', data: '0x' }] },
        'calls.0.value',
      ],
      [
        'a value above uint256',
        { calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: (1n << 256n).toString(), data: '0x' }] },
        'calls.0.value',
      ],
      [
        'odd-length data',
        { calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0', data: '0x123' }] },
        'calls.0.data',
      ],
      [
        'an unknown call field',
        { calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0', data: '0x', gas: 1 }] },
        'calls.0.gas',
      ],
      ['an unknown field', { extra: true }, 'extra'],
      ['a missing threshold', { threshold: undefined }, 'threshold'],
    ])('400 for %s, nothing stored', async (_label, patch, field) => {
      const d = invalidTarget;
      const base = { approvers: d.approvers.map((m) => m.address), threshold: 2, calls: callsTo(d) };
      const body =
        patch === 'dup'
          ? { ...base, approvers: [d.approvers[0].address, d.approvers[0].address.toLowerCase()] }
          : patch === 'many'
            ? {
                ...base,
                approvers: Array.from({ length: 33 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`),
              }
            : { ...base, ...(patch as object) };
      const res = await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as(d.members[0]))
        .send(body)
        .expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      expect(await operationCount(d)).toBe(0);
    });

    it.each([
      ['the zero address', () => `0x${'0'.repeat(40)}`],
      ["the wallet's own address", () => invalidTarget.address],
      ["the wallet's own address in lower case", () => invalidTarget.address.toLowerCase()],
    ])(
      '400 INVALID_APPROVER for %s as an approver (the contract would refuse it), nothing stored',
      async (_label, approver) => {
        const d = invalidTarget;
        const res = await request(t.http)
          .post(queuePath(d.id, '/multisig-config'))
          .set(as(d.members[0]))
          .send({ approvers: [d.approvers[0].address, approver()], threshold: 1, calls: callsTo(d) })
          .expect(400);
        expect(res.body).toMatchObject({ code: 'INVALID_APPROVER', details: [{ field: 'approvers' }] });
        expect(await operationCount(d)).toBe(0);
      },
    );

    it('400 for a body that is not JSON', async () => {
      const d = invalidTarget;
      await request(t.http)
        .post(queuePath(d.id, '/multisig-config'))
        .set(as(d.members[0]))
        .set('content-type', 'application/json')
        .send('{nope')
        .expect(400);
    });
  });

  describe('reject (7)', () => {
    it('400 below the current nonce, for a malformed nonce or an unknown field', async () => {
      const d = await createDeployment(t, { nonce: '3' });
      expect((await reject(d, d.members[0], '2').expect(400)).body.code).toBe('INVALID_NONCE');
      for (const nonce of [3, '-1', '1.0', '', 'abc', null, (1n << 256n).toString()])
        await reject(d, d.members[0], nonce).expect(400);
      await request(t.http)
        .post(queuePath(d.id, '/reject'))
        .set(as(d.members[0]))
        .send({ nonce: '3', calls: [] })
        .expect(400);
      expect(await operationCount(d)).toBe(0);
      await reject(d, d.members[0], '3').expect(201);
    });

    it('400 NOT_AN_APPROVER for a member who is not an approver, who cannot block the queue', async () => {
      // Three members, the first two approvers.
      const d = await createDeployment(t, { memberCount: 3, approverCount: 2 });
      const outsider = d.members[2];
      for (const nonce of ['0', '1', '999']) {
        const refused = await reject(d, outsider, nonce).expect(400);
        expect(refused.body.code).toBe('NOT_AN_APPROVER');
      }
      expect(await operationCount(d)).toBe(0);
      // The approvers' queue is untouched: a payout's automatic nonce is still the first.
      await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set(as(d.members[0]))
        .send({ deploymentId: d.id, currencyId: '1', amount: '1', toAddress: evmWallet().address })
        .expect(201);
      const queued = await request(t.http).get(queuePath(d.id, '')).set(as(d.members[0])).expect(200);
      expect(queued.body.items.map((item: { nonce: string }) => item.nonce)).toEqual(['0']);
      await reject(d, d.members[1], '5').expect(201);
    });

    it('allows one live REJECT per nonce; again once the first is deleted', async () => {
      const d = await createDeployment(t);
      const first = await reject(d, d.members[0], '4').expect(201);
      const second = await reject(d, d.members[1], '4').expect(400);
      expect(second.body.code).toBe('REJECT_ALREADY_EXISTS');
      await reject(d, d.members[1], '5').expect(201);
      await remove(d, d.members[0], first.body.id).expect(200);
      await reject(d, d.members[1], '4').expect(201);
    });

    it('two concurrent rejects at one nonce: exactly one 201', async () => {
      const d = await createDeployment(t);
      const responses = await Promise.all([
        reject(d, d.members[0], '0'),
        reject(d, d.members[1], '0'),
        reject(d, d.members[2], '0'),
      ]);
      expect(responses.map((res) => res.status).sort()).toEqual([201, 400, 400]);
      expect(responses.filter((res) => res.status === 400).map((res) => res.body.code)).toEqual([
        'REJECT_ALREADY_EXISTS',
        'REJECT_ALREADY_EXISTS',
      ]);
      expect(await operationCount(d)).toBe(1);
    });

    it('changing a reject onto a nonce that already has a live reject is a 400', async () => {
      const d = await createDeployment(t);
      await reject(d, d.members[0], '1').expect(201);
      const other = await reject(d, d.members[0], '2').expect(201);
      expect((await changeNonce(d, d.members[0], other.body.id, '1').expect(400)).body.code).toBe(
        'REJECT_ALREADY_EXISTS',
      );
    });
  });

  describe('nonce change (9)', () => {
    it('resets signatures and sends READY back to PENDING; creator or approver only', async () => {
      const d = await createDeployment(t, { memberCount: 4, approverCount: 3, threshold: 2 });
      const creator = d.members[3];
      const op = await createConfigChange(t, d, creator);
      await signBy(d, op, d.approvers.slice(0, 2));
      expect((await getOperation(t, d, creator, op.id)).body.status).toBe('READY');

      const byCreator = await changeNonce(d, creator, op.id, '7').expect(200);
      expect(byCreator.body).toMatchObject({
        nonce: '7',
        status: 'PENDING',
        signaturesCollected: 0,
        signatures: [],
        signatureBlob: null,
      });
      const rows = await t.dataSource.query(`SELECT 1 FROM queue_signatures WHERE operation_id = $1`, [op.id]);
      expect(rows).toHaveLength(0);
      // Old signatures were over nonce 0; a signature over the new nonce counts.
      const moved = { ...op, nonce: '7' };
      await sign(t, d, d.approvers[0], op.id, await submission(d.approvers[0], d, VERSION, moved)).expect(200);
      await changeNonce(d, d.approvers[2], op.id, '8').expect(200);
    });

    it('400 for a non-creator non-approver, a nonce below current, a bad body, an ended operation', async () => {
      const d = await createDeployment(t, { memberCount: 4, approverCount: 3, nonce: '2' });
      const op = await createConfigChange(t, d, d.members[0]);
      const other = await createConfigChange(t, d, d.members[0]);
      expect((await changeNonce(d, d.members[3], op.id, '9').expect(400)).body.code).toBe('NONCE_CHANGE_NOT_ALLOWED');
      expect((await changeNonce(d, d.members[0], op.id, '1').expect(400)).body.code).toBe('INVALID_NONCE');
      await changeNonce(d, d.members[0], op.id, 9).expect(400);
      await request(t.http)
        .patch(queuePath(d.id, `/${op.id}/nonce`))
        .set(as(d.members[0]))
        .send({ nonce: '9', extra: 1 })
        .expect(400);
      await request(t.http)
        .patch(queuePath(d.id, `/${op.id}/nonce`))
        .set(as(d.members[0]))
        .send({})
        .expect(400);
      expect((await getOperation(t, d, d.members[0], op.id)).body.nonce).toBe('2');
      await ingest(t, [execution(d, [other.id], 'FAILED')]);
      expect((await changeNonce(d, d.members[0], other.id, '9').expect(400)).body.code).toBe('OPERATION_NOT_EDITABLE');
    });
  });

  describe('delete (5)', () => {
    it('creator only; READY ok with an empty body; then gone; EXECUTED and unknown refused', async () => {
      const d = await createDeployment(t, { memberCount: 4, approverCount: 3 });
      const op = await createConfigChange(t, d, d.members[3]);
      await signBy(d, op, d.approvers.slice(0, 2));
      expect((await remove(d, d.approvers[0], op.id).expect(400)).body.code).toBe('OPERATION_DELETE_NOT_ALLOWED');
      const res = await remove(d, d.members[3], op.id).expect(200);
      expect(res.text).toBe('');
      await getOperation(t, d, d.members[3], op.id).expect(404);
      await remove(d, d.members[3], op.id).expect(404);
      expect((await list(d, d.members[0]).expect(200)).body.total).toBe(0);

      const executed = await createConfigChange(t, d, d.members[3]);
      await ingest(t, [execution(d, [executed.id], 'EXECUTED')]);
      expect((await remove(d, d.members[3], executed.id).expect(400)).body.code).toBe('OPERATION_DELETE_NOT_ALLOWED');
      await remove(d, d.members[3], UNKNOWN_ID).expect(404);
    });
  });

  describe('operation paths by executeOperationId (docs/contract.md, Wire details)', () => {
    it('get, sign, nonce and delete take the executeOperationId as well as the UUID', async () => {
      const d = await createDeployment(t, { memberCount: 3, approverCount: 3 });
      const op = await createConfigChange(t, d, d.members[0]);
      const byExecuteId = executeId(op.id);
      expect(op.executeOperationId).toBe(byExecuteId);
      const read = await getOperation(t, d, d.members[0], byExecuteId).expect(200);
      expect(read.body.id).toBe(op.id);
      await getOperation(t, d, d.members[0], byExecuteId.slice(2).toUpperCase()).expect(200);
      const signed = await sign(t, d, d.approvers[1], byExecuteId, await submission(d.approvers[1], d, VERSION, op));
      expect(signed.status).toBe(200);
      expect(signed.body).toMatchObject({ operationId: op.id, signaturesCollected: 1 });
      const moved = await changeNonce(d, d.members[0], byExecuteId, '5').expect(200);
      expect(moved.body).toMatchObject({ id: op.id, nonce: '5', signaturesCollected: 0 });
      await remove(d, d.members[0], byExecuteId).expect(200);
      await getOperation(t, d, d.members[0], op.id).expect(404);
    });

    it('is 404 for a bytes32 that names no operation of ours, or another deployment', async () => {
      const d = await createDeployment(t);
      const other = await createDeployment(t);
      const foreign = await createConfigChange(t, other, other.members[0]);
      await getOperation(t, d, d.members[0], executeId(foreign.id)).expect(404);
      await getOperation(t, d, d.members[0], `0x${'ab'.repeat(32)}`).expect(404);
      await remove(d, d.members[0], executeId(UNKNOWN_ID)).expect(404);
    });
  });

  describe('list (3)', () => {
    let d: TestDeployment;
    let ops: OperationBody[];

    beforeAll(async () => {
      d = await createDeployment(t, { memberCount: 4, approverCount: 3, nonce: '1' });
      ops = [];
      ops.push(await createConfigChange(t, d, d.members[0])); // nonce 1
      ops.push((await reject(d, d.members[2], '1').expect(201)).body); // nonce 1, later (an approver's)
      ops.push(await createConfigChange(t, d, d.members[3])); // nonce 2
      ops.push(await createConfigChange(t, d, d.members[1])); // nonce 3
      await signBy(d, ops[0], d.approvers.slice(0, 2));
      await signBy(d, ops[3], d.approvers.slice(0, 2));
    });

    it('orders by nonce then createdAt (asc by default), with nextExecutableNonce', async () => {
      const res = await list(d, d.members[0]).expect(200);
      expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 10, nextExecutableNonce: '1' });
      expect(res.body.items.map((item: OperationBody) => item.id)).toEqual(ops.map((op) => op.id));
      const desc = await list(d, d.members[0], { sortOrder: 'desc' }).expect(200);
      expect(desc.body.items.map((item: OperationBody) => item.id)).toEqual(ops.map((op) => op.id).reverse());
    });

    it('computes canExecute and isBlocked over the nonces', async () => {
      const items = (await list(d, d.approvers[2]).expect(200)).body.items;
      expect(
        items.map((item: { canExecute: boolean; isBlocked: boolean; canReject: boolean }) => [
          item.canExecute,
          item.isBlocked,
          item.canReject,
        ]),
      ).toEqual([
        [true, false, false], // READY at current nonce, but a live reject holds nonce 1
        [false, false, false], // the reject itself
        [false, false, true], // PENDING at 2
        [false, true, true], // READY at 3, blocked by 2
      ]);
    });

    it('filters by statuses, operationTypes, createdBy and createdAt bounds; paginates', async () => {
      const ids = async (query: Record<string, string | string[]>) =>
        (await list(d, d.members[0], query).expect(200)).body.items.map((item: OperationBody) => item.id);
      expect(await ids({ statuses: 'READY' })).toEqual([ops[0].id, ops[3].id]);
      expect(await ids({ statuses: ['PENDING', 'CANCELLED'] })).toEqual([ops[1].id, ops[2].id]);
      expect(await ids({ operationTypes: 'REJECT' })).toEqual([ops[1].id]);
      expect(await ids({ createdBy: d.members[3].address.slice(4, 14).toUpperCase() })).toEqual([ops[2].id]);
      expect(await ids({ createdBy: d.members[2].address.slice(4, 14).toUpperCase() })).toEqual([ops[1].id]);
      expect(await ids({ createdAtFrom: ops[2].createdAt as string, createdAtTo: ops[3].createdAt as string })).toEqual(
        [ops[2].id, ops[3].id],
      );
      const page = await list(d, d.members[0], { page: '2', pageSize: '3' }).expect(200);
      expect(page.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(page.body.items.map((item: OperationBody) => item.id)).toEqual([ops[3].id]);
      expect((await list(d, d.members[0], { page: '9' }).expect(200)).body).toMatchObject({ total: 4, items: [] });
    });

    it.each<Record<string, string>>([
      { statuses: 'DONE' },
      { operationTypes: 'payout' },
      { sortOrder: 'up' },
      { createdAtFrom: 'yesterday' },
      { pageSize: '101' },
      { page: '0' },
      { sortBy: 'createdAt' },
    ])('400 for %j', async (query) => {
      const res = await list(d, d.members[0], query).expect(400);
      expect(res.body.details.length).toBeGreaterThan(0);
    });
  });

  describe('execution events (docs/chain-events.md)', () => {
    it('executes an operation, cancels the others at its nonce, advances the nonce, records an OUT transaction; idempotent', async () => {
      const d = await createDeployment(t, { nonce: '4' });
      const op = await createConfigChange(t, d);
      const rival = (await reject(d, d.members[1], '4').expect(201)).body;
      const later = await createConfigChange(t, d);
      await signBy(d, op, d.approvers.slice(0, 2));
      const hash = txHash();

      const pending = execution(d, [op.id], 'PENDING', hash);
      await ingest(t, [pending]);
      // Sent, not mined: the status stays, but nobody may execute, sign, renumber or delete it again.
      expect((await getOperation(t, d, d.members[0], op.id)).body).toMatchObject({
        status: 'READY',
        txHash: hash,
        canExecute: false,
        canSign: false,
        canDelete: false,
      });
      expect((await getOperation(t, d, d.approvers[2], op.id)).body).toMatchObject({ canSign: false });
      const late = await sign(t, d, d.approvers[2], op.id, await submission(d.approvers[2], d, VERSION, op)).expect(
        400,
      );
      expect(late.body).toMatchObject({ code: 'OPERATION_NOT_SIGNABLE', message: expect.stringContaining(hash) });
      expect((await remove(d, d.members[0], op.id).expect(400)).body.code).toBe('OPERATION_DELETE_NOT_ALLOWED');
      expect((await changeNonce(d, d.members[0], op.id, '6').expect(400)).body.code).toBe('OPERATION_NOT_EDITABLE');
      expect(await nonceInfo(d)).toEqual({ currentNonce: '4', lastExecutedNonce: '-1' });

      const executed = execution(d, [op.id], 'EXECUTED', hash);
      expect(await ingest(t, [executed])).toMatchObject([{ applied: true, error: null }]);
      expect((await getOperation(t, d, d.members[0], op.id)).body).toMatchObject({
        status: 'EXECUTED',
        txHash: hash,
        canSign: false,
        canDelete: false,
      });
      expect((await getOperation(t, d, d.members[0], rival.id)).body.status).toBe('CANCELLED');
      expect((await getOperation(t, d, d.members[0], later.id)).body.status).toBe('PENDING');
      expect(await nonceInfo(d)).toEqual({ currentNonce: '5', lastExecutedNonce: '4' });
      expect((await list(d, d.members[0]).expect(200)).body.nextExecutableNonce).toBe('5');

      // Replays and late observations change nothing.
      expect(await ingest(t, [executed])).toMatchObject([{ applied: false, duplicate: true }]);
      await ingest(t, [execution(d, [op.id], 'PENDING', hash)]);
      expect((await getOperation(t, d, d.members[0], op.id)).body.status).toBe('EXECUTED');
      const transactions = await t.dataSource.query(
        `SELECT direction, status, operation_type, operation_id, source_key, blockchain_fee FROM transactions WHERE deployment_id = $1`,
        [d.id],
      );
      expect(transactions).toEqual([
        {
          direction: 'OUT',
          status: 'EXECUTED',
          operation_type: 'set_config',
          operation_id: op.id,
          source_key: `${hash}:op:${op.id}`,
          blockchain_fee: '21000',
        },
      ]);
      // An executed operation never goes back, whatever arrives later (the transaction row follows its own rules).
      await ingest(t, [execution(d, [op.id], 'FAILED', hash)]);
      expect((await getOperation(t, d, d.members[0], op.id)).body.status).toBe('EXECUTED');
      expect(await nonceInfo(d)).toEqual({ currentNonce: '5', lastExecutedNonce: '4' });
    });

    it('a FAILED execution fails the operation and leaves the nonce; a reject records a reject transaction', async () => {
      const d = await createDeployment(t);
      const op = await createConfigChange(t, d);
      await ingest(t, [execution(d, [op.id], 'FAILED')]);
      expect((await getOperation(t, d, d.members[0], op.id)).body.status).toBe('FAILED');
      expect(await nonceInfo(d)).toEqual({ currentNonce: '0', lastExecutedNonce: '-1' });
      const rej = (await reject(d, d.members[0], '0').expect(201)).body;
      await ingest(t, [execution(d, [rej.id], 'CONFIRMED')]);
      expect((await getOperation(t, d, d.members[0], rej.id)).body.status).toBe('EXECUTED');
      const [row] = await t.dataSource.query(
        `SELECT operation_type, status FROM transactions WHERE operation_id = $1`,
        [rej.id],
      );
      expect(row).toEqual({ operation_type: 'reject', status: 'CONFIRMED' });
    });

    it('ignores operations of another deployment and unknown ids', async () => {
      const d = await createDeployment(t);
      const other = await createDeployment(t);
      const foreign = await createConfigChange(t, other);
      expect(await ingest(t, [execution(d, [foreign.id, UNKNOWN_ID], 'EXECUTED')])).toMatchObject([
        { applied: false, error: null, ignored: 'executeOperationIds name no queue operation of this deployment' },
      ]);
      expect((await getOperation(t, other, other.members[0], foreign.id)).body.status).toBe('PENDING');
      expect(await nonceInfo(d)).toEqual({ currentNonce: '0', lastExecutedNonce: '-1' });
    });

    it('an executed config change replaces approvers and threshold and re-evaluates live operations', async () => {
      const d = await createDeployment(t, { memberCount: 4, approverCount: 3, threshold: 2 });
      const [a, b, c] = d.approvers;
      const newcomer = d.members[3];
      // New signers: b, c, newcomer; threshold 1 (a removed).
      const change = await createConfigChange(t, d, a, {
        approvers: [b.address, c.address, newcomer.address],
        threshold: 1,
      });
      const readyWithA = await createConfigChange(t, d); // a + b: READY, keeps b
      const pendingA = await createConfigChange(t, d); // a only: PENDING, loses a
      const readyAC = await createConfigChange(t, d); // a + c: READY, keeps c
      await signBy(d, change, [a, b]);
      await signBy(d, readyWithA, [a, b]);
      await signBy(d, pendingA, [a]);
      await signBy(d, readyAC, [a, c]);

      await ingest(t, [execution(d, [change.id], 'EXECUTED')]);
      const rows = await t.dataSource.query(`SELECT approvers, threshold FROM deployments WHERE id = $1`, [d.id]);
      expect(rows[0]).toEqual({ approvers: [b, c, newcomer].map((m) => hex20(m.address)).sort(), threshold: 1 });

      const read = async (op: OperationBody, viewer = b) => (await getOperation(t, d, viewer, op.id).expect(200)).body;
      const first = await read(readyWithA);
      expect(first).toMatchObject({ status: 'READY', signaturesCollected: 1, signaturesRequired: 1 });
      expect(decodeBlob(first.signatureBlob, true).map((entry) => entry.signer)).toEqual([hex20(b.address)]);
      expect(await read(pendingA)).toMatchObject({ status: 'PENDING', signaturesCollected: 0, signatureBlob: null });
      const third = await read(readyAC);
      expect(third).toMatchObject({ status: 'READY', signaturesCollected: 1 });
      expect(decodeBlob(third.signatureBlob, true).map((entry) => entry.signer)).toEqual([hex20(c.address)]);

      // The removed approver can no longer sign; the newcomer can, and one signature is enough.
      expect((await read(pendingA, a)).canSign).toBe(false);
      expect((await sign(t, d, a, pendingA.id, await submission(a, d, VERSION, pendingA)).expect(400)).body.code).toBe(
        'SIGNER_NOT_APPROVER',
      );
      await sign(t, d, newcomer, pendingA.id, await submission(newcomer, d, VERSION, pendingA)).expect(200);
      expect((await read(pendingA)).status).toBe('READY');
    });

    it('a raised threshold sends READY operations back to PENDING', async () => {
      const d = await createDeployment(t, { memberCount: 3, approverCount: 3, threshold: 2 });
      const change = await createConfigChange(t, d, d.members[0], { threshold: 3 });
      const op = await createConfigChange(t, d);
      await signBy(d, op, d.approvers.slice(0, 2));
      expect((await getOperation(t, d, d.members[0], op.id)).body.status).toBe('READY');
      await ingest(t, [execution(d, [change.id], 'EXECUTED')]);
      expect((await getOperation(t, d, d.members[0], op.id)).body).toMatchObject({
        status: 'PENDING',
        signaturesCollected: 2,
        signaturesRequired: 3,
        signatureBlob: null,
      });
    });
  });

  describe('DAPP_TRANSACTION expiry', () => {
    it('reads CANCELLED past expiresAt: listed as such, cannot be signed or deleted', async () => {
      const d = await createDeployment(t);
      const creator = d.members[0];
      const service = t.app.get(QueueService);
      const aggregate = await t.app.get(DeploymentsService).findById(d.id);
      if (aggregate === undefined) throw new Error('deployment missing');
      const members = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [creator.address]);
      const make = (expiresAt: Date) =>
        t.dataSource.transaction((manager) =>
          service.createOperation(manager, {
            deployment: aggregate,
            type: 'DAPP_TRANSACTION',
            calls: [],
            payload: { decodedOperations: [] },
            createdBy: { memberId: members[0].id, address: creator.address },
            expiresAt,
            dappMetadata: { name: 'Some dapp' },
          }),
        );
      const expired = await make(new Date(Date.now() - 1000));
      const live = await make(new Date(Date.now() + 3_600_000));
      expect((await getOperation(t, d, creator, expired.id).expect(200)).body).toMatchObject({
        status: 'CANCELLED',
        canDelete: false,
        canSign: false,
        dappMetadata: { name: 'Some dapp' },
      });
      expect((await getOperation(t, d, creator, live.id).expect(200)).body.status).toBe('PENDING');
      const cancelled = (await list(d, creator, { statuses: 'CANCELLED' }).expect(200)).body.items.map(
        (item: OperationBody) => item.id,
      );
      expect(cancelled).toEqual([expired.id]);
      expect((await remove(d, creator, expired.id).expect(400)).body.code).toBe('OPERATION_DELETE_NOT_ALLOWED');
      const expiredBody = (await getOperation(t, d, creator, expired.id)).body;
      expect(
        (await sign(t, d, creator, expired.id, await submission(creator, d, VERSION, expiredBody)).expect(400)).body
          .code,
      ).toBe('OPERATION_NOT_SIGNABLE');
    });
  });
});
