import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { Call } from './call';
import {
  executeTypedData,
  packSignatureBlob,
  signatureFormatFor,
  SigningDomain,
  verifySubmittedSignature,
} from './operation-signature';
import {
  executeOperationIdOf,
  operationIdFromExecuteId,
  QueueOperation,
  QueueState,
  SignerRules,
} from './queue-operation';
import { canQueueTransition, QUEUE_OPERATION_STATUSES } from './queue-operation-status';

const keys = ['0x' + '11'.repeat(32), '0x' + '22'.repeat(32), '0x' + '33'.repeat(32)].map((key) =>
  privateKeyToAccount(key as Hex),
);
const approvers = keys.map((account) => Address.parse(account.address, 'evm'));
const rules: SignerRules = { approvers, threshold: 2, format: 'packed' };
const creator = { memberId: 'creator', addressHex: '0x' + 'ee'.repeat(20) };
const now = new Date('2026-11-21T20:00:00.000Z');

function operation(overrides: Partial<Parameters<typeof QueueOperation.create>[0]> = {}): QueueOperation {
  return QueueOperation.create({
    id: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b',
    deploymentId: 'd',
    networkType: 'evm',
    nonce: 3n,
    type: 'MULTISIG_CONFIG_CHANGE',
    calls: [],
    payload: {},
    createdBy: '0x',
    createdByMemberId: creator.memberId,
    expiresAt: null,
    dappMetadata: null,
    createdAt: now,
    ...overrides,
  });
}

const signatureOf = (index: number) => ({
  signerHex: approvers[index].hex20,
  signature: `0x${'ab'.repeat(64)}1b` as Hex,
  submittedBy: 'm',
  createdAt: now,
});
const queue: QueueState = { currentNonce: 3n, firstNonceWithoutReady: 3n, liveRejectNonces: new Set() };

describe('queue operation status table', () => {
  it('ends are final; PENDING and READY move both ways', () => {
    for (const end of ['EXECUTED', 'FAILED', 'CANCELLED'] as const) {
      for (const to of QUEUE_OPERATION_STATUSES) expect(canQueueTransition(end, to)).toBe(to === end);
    }
    expect(canQueueTransition('PENDING', 'READY')).toBe(true);
    expect(canQueueTransition('READY', 'PENDING')).toBe(true);
  });
});

describe('QueueOperation', () => {
  it('becomes READY at the threshold with a blob ascending by signer, and back to PENDING when an approver is removed', () => {
    const op = operation();
    op.addSignature(signatureOf(2), rules, now);
    expect(op.storedStatus).toBe('PENDING');
    op.addSignature(signatureOf(0), rules, now);
    expect(op.storedStatus).toBe('READY');
    const sorted = [approvers[0].hex20, approvers[2].hex20].sort();
    expect(op.toProps().signatureBlob?.slice(2, 42)).toBe(sorted[0].slice(2));
    const dropped = op.reevaluate({ ...rules, approvers: [approvers[1], approvers[2]] });
    expect(dropped.map((signature) => signature.signerHex)).toEqual([approvers[0].hex20]);
    expect(op.storedStatus).toBe('PENDING');
    expect(op.toProps().signatureBlob).toBeNull();
    op.reevaluate({ ...rules, approvers: [approvers[1], approvers[2]], threshold: 1 });
    expect(op.storedStatus).toBe('READY');
  });

  it('refuses non-approvers, duplicates, and ended operations', () => {
    const op = operation();
    op.addSignature(signatureOf(0), rules, now);
    expect(() => op.addSignature(signatureOf(0), rules, now)).toThrow(
      expect.objectContaining({ code: 'SIGNATURE_ALREADY_SUBMITTED' }),
    );
    const stranger = { ...signatureOf(0), signerHex: ('0x' + 'cd'.repeat(20)) as Hex };
    expect(() => op.addSignature(stranger, rules, now)).toThrow(
      expect.objectContaining({ code: 'SIGNER_NOT_APPROVER' }),
    );
    expect(op.applyExecution('EXECUTED', '0xhash')).toBe(true);
    expect(() => op.addSignature(signatureOf(1), rules, now)).toThrow(
      expect.objectContaining({ code: 'OPERATION_NOT_SIGNABLE' }),
    );
    expect(op.applyExecution('FAILED', '0xother')).toBe(false);
    expect(op.storedStatus).toBe('EXECUTED');
    expect(op.txHash).toBe('0xhash');
    expect(op.cancelAsNonceConsumed()).toBe(false);
  });

  it('a nonce change resets signatures; only the creator or an approver, never below currentNonce', () => {
    const op = operation();
    op.addSignature(signatureOf(0), rules, now);
    op.addSignature(signatureOf(1), rules, now);
    expect(() =>
      op.changeNonce(
        9n,
        { memberId: 'x', addressHex: '0x' + 'cd'.repeat(20) },
        rules,
        { currentNonce: 3n, window: 1000n },
        now,
      ),
    ).toThrow(DomainError);
    expect(() => op.changeNonce(2n, creator, rules, { currentNonce: 3n, window: 1000n }, now)).toThrow(
      expect.objectContaining({ code: 'INVALID_NONCE' }),
    );
    op.changeNonce(
      9n,
      { memberId: 'x', addressHex: approvers[1].hex20 },
      rules,
      { currentNonce: 3n, window: 1000n },
      now,
    );
    expect(op.toProps()).toMatchObject({ nonce: 9n, status: 'PENDING', signatures: [], signatureBlob: null });
  });

  it('a nonce change stays below currentNonce + the window', () => {
    const op = operation();
    const window = { currentNonce: 3n, window: 1000n };
    expect(() => op.changeNonce(1003n, creator, rules, window, now)).toThrow(
      expect.objectContaining({ code: 'INVALID_NONCE' }),
    );
    op.changeNonce(1002n, creator, rules, window, now);
    expect(op.toProps().nonce).toBe(1002n);
  });

  it('a DAPP_TRANSACTION past expiresAt reads CANCELLED', () => {
    const op = operation({ type: 'DAPP_TRANSACTION', expiresAt: new Date(now.getTime() - 1) });
    expect(op.statusAt(now)).toBe('CANCELLED');
    expect(op.storedStatus).toBe('PENDING');
    expect(() => op.delete(creator, now)).toThrow(expect.objectContaining({ code: 'OPERATION_DELETE_NOT_ALLOWED' }));
  });

  it('derives canExecute and isBlocked from the run of READY nonces', () => {
    const ready = operation({ nonce: 5n });
    ready.addSignature(signatureOf(0), rules, now);
    ready.addSignature(signatureOf(1), rules, now);
    const viewer = { memberId: 'v', addressHex: approvers[2].hex20 };
    expect(ready.viewFor(viewer, rules, { ...queue, firstNonceWithoutReady: 6n }, now)).toMatchObject({
      canExecute: true,
      isBlocked: false,
      canSign: true,
    });
    expect(ready.viewFor(viewer, rules, { ...queue, firstNonceWithoutReady: 4n }, now)).toMatchObject({
      canExecute: false,
      isBlocked: true,
    });
    expect(ready.viewFor(viewer, rules, { ...queue, liveRejectNonces: new Set(['5']) }, now).canReject).toBe(false);
  });

  it('maps ids to the bytes32 execute id and back', () => {
    const id = '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b';
    expect(executeOperationIdOf(id)).toBe(`0x${'0'.repeat(32)}0193a4c27d1e7a529f2b3c4d5e6f7a8b`);
    expect(operationIdFromExecuteId(executeOperationIdOf(id))).toBe(id);
    expect(operationIdFromExecuteId(`0x${'1'.repeat(64)}`)).toBeUndefined();
  });
});

describe('signature verification', () => {
  const domain: SigningDomain = {
    name: 'MultisigAccount',
    version: '1.0.0',
    chainId: 1n,
    verifyingContract: `0x${'42'.repeat(20)}`,
  };
  const calls: Call[] = [{ to: approvers[0], value: 5n, data: '0x' }];

  it('picks the format by version', () => {
    expect(signatureFormatFor('1.0.0')).toBe('raw');
    expect(signatureFormatFor('1.1.0')).toBe('packed');
    expect(signatureFormatFor('2.0.0')).toBe('packed');
  });

  it('recovers the signer of a raw signature and packs the blob in signer order', async () => {
    const signatures = await Promise.all(keys.map((key) => key.signTypedData(executeTypedData(domain, calls, 7n))));
    const verified = await Promise.all(
      signatures.map((signature) => verifySubmittedSignature(signature, 'raw', domain, calls, 7n)),
    );
    expect(verified.map((entry) => entry.signerHex)).toEqual(approvers.map((approver) => approver.hex20));
    const blob = packSignatureBlob('raw', verified);
    expect(blob.length).toBe(2 + 3 * 130);
    await expect(verifySubmittedSignature(signatures[0], 'raw', domain, calls, 8n)).resolves.not.toMatchObject({
      signerHex: approvers[0].hex20,
    });
  });
});
