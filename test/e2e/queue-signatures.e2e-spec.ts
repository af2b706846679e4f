import request from 'supertest';
import { Hex, recoverTypedDataAddress } from 'viem';
import { createDeployment, createMember, TestDeployment, TRON_MAINNET } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import {
  createConfigChange,
  decodeBlob,
  getOperation,
  hex20,
  OperationBody,
  operationTypedData,
  packEntry,
  sign,
  signOperation,
  submission,
} from '../support/queue';
import { createTestApp, TestApp } from '../support/test-app';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

describe('queue signatures (EIP-712 / TIP-712)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
  });
  afterAll(() => t.close());

  async function signatureRows(operationId: string): Promise<{ signer_hex: string }[]> {
    return t.dataSource.query(`SELECT signer_hex FROM queue_signatures WHERE operation_id = $1`, [operationId]);
  }

  describe.each([
    ['1.0.0-evm', '1'],
    ['1.1.0-evm', '1'],
    ['1.2.0-evm', '1'],
    ['1.2.0-evm', '11155111'],
    [`1.0.0-tvm-${TRON_MAINNET}`, TRON_MAINNET],
    [`1.2.0-tvm-${TRON_MAINNET}`, TRON_MAINNET],
  ])('a 2-of-3 deployment on %s (chain %s)', (version, chainId) => {
    const packed = !version.startsWith('1.0.0');

    it('is READY after two approvers sign, with a blob whose entries recover to their signers; the third can still sign', async () => {
      const d = await createDeployment(t, { chainId, version, memberCount: 4, approverCount: 3, threshold: 2 });
      const [a, b, c] = d.approvers;
      const outsider = d.members[3];
      const op = await createConfigChange(t, d, outsider);
      expect(op).toMatchObject({
        status: 'PENDING',
        signaturesCollected: 0,
        signaturesRequired: 2,
        signatureBlob: null,
        canDelete: true,
        canSign: false,
      });

      const first = await sign(t, d, a, op.id, await submission(a, d, version, op)).expect(200);
      expect(first.body).toMatchObject({
        operationId: op.id,
        signaturesCollected: 1,
        signaturesRequired: 2,
        canExecute: false,
        userSigned: true,
      });
      expect((await getOperation(t, d, a, op.id).expect(200)).body).toMatchObject({
        status: 'PENDING',
        signatureBlob: null,
      });

      // Any member may submit an approver's signature: the outsider submits b's.
      const second = await sign(t, d, outsider, op.id, await submission(b, d, version, op)).expect(200);
      expect(second.body).toMatchObject({ signaturesCollected: 2, canExecute: true, userSigned: false });
      expect(second.body.signatures.map((s: { user: string }) => s.user)).toEqual(
        [a, b].sort((x, y) => (hex20(x.address) < hex20(y.address) ? -1 : 1)).map((m) => m.address),
      );

      const ready = (await getOperation(t, d, a, op.id).expect(200)).body;
      expect(ready.status).toBe('READY');
      const entries = decodeBlob(ready.signatureBlob, packed);
      expect(entries).toHaveLength(2);
      const typedData = operationTypedData(d, version, op);
      const recovered = await Promise.all(
        entries.map((entry) => recoverTypedDataAddress({ ...typedData, signature: entry.signature })),
      );
      const expectedSigners = [a, b].map((m) => hex20(m.address)).sort();
      expect(recovered.map((address) => address.toLowerCase())).toEqual(expectedSigners);
      if (packed) expect(entries.map((entry) => entry.signer)).toEqual(expectedSigners);

      // Per-caller flags.
      const flags = async (member: typeof a) => {
        const body = (await getOperation(t, d, member, op.id).expect(200)).body;
        return {
          userSigned: body.userSigned,
          canSign: body.canSign,
          canExecute: body.canExecute,
          canDelete: body.canDelete,
          canReject: body.canReject,
          isBlocked: body.isBlocked,
        };
      };
      expect(await flags(a)).toEqual({
        userSigned: true,
        canSign: false,
        canExecute: true,
        canDelete: false,
        canReject: true,
        isBlocked: false,
      });
      expect(await flags(c)).toEqual({
        userSigned: false,
        canSign: true,
        canExecute: true,
        canDelete: false,
        canReject: true,
        isBlocked: false,
      });
      expect(await flags(outsider)).toEqual({
        userSigned: false,
        canSign: false,
        canExecute: true,
        canDelete: true,
        canReject: false,
        isBlocked: false,
      });

      const third = await sign(t, d, c, op.id, await submission(c, d, version, op)).expect(200);
      expect(third.body).toMatchObject({ signaturesCollected: 3, userSigned: true, canExecute: true });
      const after = (await getOperation(t, d, c, op.id).expect(200)).body;
      expect(after.status).toBe('READY');
      expect(decodeBlob(after.signatureBlob, packed)).toHaveLength(3);
      expect(after.signatures.map((s: { sign: string }) => s.sign.length)).toEqual([
        packed ? 2 + 2 * 87 : 2 + 130,
        packed ? 2 + 2 * 87 : 2 + 130,
        packed ? 2 + 2 * 87 : 2 + 130,
      ]);
    });
  });

  describe('rejects with 400 and stores nothing', () => {
    let d: TestDeployment;
    let op: OperationBody;
    const version = '1.2.0-evm';

    beforeAll(async () => {
      d = await createDeployment(t, { version, memberCount: 4, approverCount: 3, threshold: 2 });
      op = await createConfigChange(t, d);
    });

    const expect400 = async (signature: string, code: string, member = d.approvers[0]) => {
      const res = await sign(t, d, member, op.id, signature).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code });
      return res;
    };

    it('garbage, wrong length, truncated or badly framed packed entries', async () => {
      const good = await submission(d.approvers[0], d, version, op);
      await expect400('not hex at all', 'INVALID_SIGNATURE');
      await expect400('0xzz', 'INVALID_SIGNATURE');
      await expect400('0x123', 'INVALID_SIGNATURE');
      await expect400('', 'INVALID_SIGNATURE');
      await expect400(good.slice(0, -2), 'INVALID_SIGNATURE');
      await expect400(`${good}00`, 'INVALID_SIGNATURE');
      await expect400(`0x${hex20(d.approvers[0].address).slice(2)}0041${'11'.repeat(65)}`, 'INVALID_SIGNATURE'); // framed right, but v = 0x11
      await expect400(`0x${hex20(d.approvers[0].address).slice(2)}0040${good.slice(-130, -2)}`, 'INVALID_SIGNATURE'); // 64-byte entry
      // A raw 65-byte signature where this version wants a packed entry.
      await expect400(await signOperation(d.approvers[0], d, version, op), 'INVALID_SIGNATURE');
      expect(await signatureRows(op.id)).toHaveLength(0);
    });

    it('a signature over another nonce, chain id or contract', async () => {
      const a = d.approvers[0];
      const otherContract = (await createDeployment(t)).address;
      for (const overrides of [{ nonce: '99' }, { chainId: '56' }, { verifyingContract: otherContract }]) {
        const entry = packEntry(a.address, await signOperation(a, d, version, op, overrides));
        await expect400(entry, 'SIGNATURE_SIGNER_MISMATCH');
      }
      // Unpacked onto the recovered (wrong) key's own address it is a non-approver.
      const wrongDomain = await signOperation(a, d, version, op, { chainId: '56' });
      const someoneElse = await recoverTypedDataAddress({
        ...operationTypedData(d, version, op),
        signature: wrongDomain,
      });
      await expect400(`0x${someoneElse.slice(2).toLowerCase()}0041${wrongDomain.slice(2)}`, 'SIGNER_NOT_APPROVER');
      expect(await signatureRows(op.id)).toHaveLength(0);
    });

    it("a non-approver's key (even a member's)", async () => {
      const member = d.members[3];
      await expect400(await submission(member, d, version, op), 'SIGNER_NOT_APPROVER', member);
      const stranger = await createMember(t);
      await expect400(
        packEntry(stranger.address, await signOperation(stranger, d, version, op)),
        'SIGNER_NOT_APPROVER',
      );
      expect(await signatureRows(op.id)).toHaveLength(0);
    });

    it('a packed entry naming another signer than the key that signed', async () => {
      const [a, b] = d.approvers;
      await expect400(packEntry(b.address, await signOperation(a, d, version, op)), 'SIGNATURE_SIGNER_MISMATCH');
      expect(await signatureRows(op.id)).toHaveLength(0);
    });

    it('a high-s (malleable) twin of a valid signature, and a bad v', async () => {
      const a = d.approvers[0];
      const signature = await signOperation(a, d, version, op);
      const r = signature.slice(2, 66);
      const s = BigInt(`0x${signature.slice(66, 130)}`);
      const v = parseInt(signature.slice(130), 16);
      const highS = (SECP256K1_N - s).toString(16).padStart(64, '0');
      const twin = `0x${r}${highS}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
      // The twin really does recover to the same key: only the canonical-form rule refuses it.
      expect(
        (await recoverTypedDataAddress({ ...operationTypedData(d, version, op), signature: twin })).toLowerCase(),
      ).toBe(hex20(a.address));
      await expect400(packEntry(a.address, twin), 'SIGNATURE_MALLEABLE');
      await expect400(packEntry(a.address, `0x${signature.slice(2, 130)}1d` as Hex), 'INVALID_SIGNATURE');
      expect(await signatureRows(op.id)).toHaveLength(0);
    });

    it('accepts v as 0/1 and stores it as 27/28', async () => {
      const own = await createConfigChange(t, d);
      const a = d.approvers[0];
      const signature = await signOperation(a, d, version, own);
      const v = parseInt(signature.slice(130), 16);
      await sign(t, d, a, own.id, packEntry(a.address, `0x${signature.slice(2, 130)}0${v - 27}` as Hex)).expect(200);
      const body = (await getOperation(t, d, a, own.id).expect(200)).body;
      expect(body.signatures[0].sign).toBe(packEntry(a.address, signature));
    });

    it('a second signature from the same signer, also when another member submits it', async () => {
      const own = await createConfigChange(t, d);
      const a = d.approvers[0];
      const entry = await submission(a, d, version, own);
      await sign(t, d, a, own.id, entry).expect(200);
      const again = await sign(t, d, a, own.id, entry).expect(400);
      expect(again.body.code).toBe('SIGNATURE_ALREADY_SUBMITTED');
      const byOther = await sign(t, d, d.members[3], own.id, entry).expect(400);
      expect(byOther.body.code).toBe('SIGNATURE_ALREADY_SUBMITTED');
      expect(await signatureRows(own.id)).toHaveLength(1);
    });

    it('on an EXECUTED or CANCELLED operation', async () => {
      const executed = await createConfigChange(t, d, d.members[3], {
        approvers: d.approvers.map((m) => m.address),
        threshold: 2,
      });
      const rival = await createConfigChange(t, d, d.members[3]);
      // A reject at the executed operation's nonce is cancelled by the execution.
      const { body: reject } = await request(t.http)
        .post(`/api/v1/deployments/${d.id}/operations/reject`)
        .set('x-api-key', d.approvers[0].apiKey)
        .send({ nonce: executed.nonce })
        .expect(201);
      const results = await ingest(t, [
        {
          eventId: eventId(),
          kind: 'execution',
          chainId: d.chainId,
          deploymentAddress: d.address,
          txHash: txHash(),
          status: 'EXECUTED',
          executeOperationIds: [`0x${'0'.repeat(32)}${executed.id.replace(/-/g, '')}`],
          confirmations: 1,
        },
      ]);
      expect(results[0]).toMatchObject({ applied: true, error: null });
      expect((await getOperation(t, d, d.approvers[0], executed.id).expect(200)).body.status).toBe('EXECUTED');
      expect((await getOperation(t, d, d.approvers[0], reject.id).expect(200)).body.status).toBe('CANCELLED');
      const onExecuted = await sign(
        t,
        d,
        d.approvers[0],
        executed.id,
        await submission(d.approvers[0], d, version, executed),
      ).expect(400);
      expect(onExecuted.body.code).toBe('OPERATION_NOT_SIGNABLE');
      const onCancelled = await sign(
        t,
        d,
        d.approvers[0],
        reject.id,
        await submission(d.approvers[0], d, version, reject),
      ).expect(400);
      expect(onCancelled.body.code).toBe('OPERATION_NOT_SIGNABLE');
      expect(await signatureRows(executed.id)).toHaveLength(0);
      expect(rival.status).toBe('PENDING');
    });
  });

  it('20 concurrent submissions of one signature: exactly one 200, nineteen 400, one row', async () => {
    const version = '1.2.0-evm';
    const d = await createDeployment(t, { version, memberCount: 3, approverCount: 3, threshold: 2 });
    const op = await createConfigChange(t, d);
    const entry = await submission(d.approvers[0], d, version, op);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sign(t, d, d.members[i % 3], op.id, entry)),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(400)]);
    expect(
      responses.filter((res) => res.status === 400).every((res) => res.body.code === 'SIGNATURE_ALREADY_SUBMITTED'),
    ).toBe(true);
    expect(await signatureRows(op.id)).toHaveLength(1);
  });

  it('concurrent signatures of different approvers reach READY with a blob holding every signature', async () => {
    const version = '1.1.0-evm';
    const d = await createDeployment(t, { version, memberCount: 5, approverCount: 5, threshold: 3 });
    const op = await createConfigChange(t, d);
    const entries = await Promise.all(d.approvers.map((member) => submission(member, d, version, op)));
    const responses = await Promise.all(d.approvers.map((member, i) => sign(t, d, member, op.id, entries[i])));
    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const body = (await getOperation(t, d, d.approvers[0], op.id).expect(200)).body;
    expect(body).toMatchObject({ status: 'READY', signaturesCollected: 5 });
    const signers = decodeBlob(body.signatureBlob, true).map((entry) => entry.signer);
    expect(signers).toEqual(d.approvers.map((m) => hex20(m.address)).sort());
  });
});
