import type { Hex } from 'viem';
import { Address } from '../../../shared/domain/address';
import { UINT256_MAX } from '../../../shared/domain/amount';
import { MAX_RESPONSE_BYTES } from '../../../shared/http/json-reply';
import { MAX_OPERATION_CALLDATA_BYTES, MAX_OPERATION_CALLS } from '../domain/call';
import { QueueOperation } from '../domain/queue-operation';

/** The most approvers a deployment may have (the deployment's invariant and the config-change DTO). */
const MAX_APPROVERS = 32;
const PACKED_ENTRY_BYTES = 20 + 2 + 65;
const MAX_SAFE_PAGE = Number.MAX_SAFE_INTEGER;

const repeated = (byte: number, bytes: number) => `0x${byte.toString(16).padStart(2, '0').repeat(bytes)}` as Hex;

/**
 * The largest queue operation the contract and our validation allow, every field at its longest:
 * 32 approvers in the payload and all of them signed (packed ≥ 1.1.0 entries, listed and again in
 * the blob), 8 calls of uint256-max value sharing the calldata cap, a 78-digit nonce, a txHash, the
 * longest type and status. dappMetadata is never set by any endpoint.
 */
function largestOperationJson(): string {
  const approvers = Array.from({ length: MAX_APPROVERS }, (_, i) => Address.fromHex20(repeated(i + 1, 20), 'evm'));
  const now = new Date();
  const operation = QueueOperation.restore({
    id: 'ffffffff-ffff-7fff-bfff-ffffffffffff',
    deploymentId: 'd',
    networkType: 'evm',
    nonce: UINT256_MAX,
    type: 'MULTISIG_CONFIG_CHANGE',
    status: 'CANCELLED',
    calls: Array.from({ length: MAX_OPERATION_CALLS }, (_, i) => ({
      to: approvers[i],
      value: UINT256_MAX,
      data: repeated(0xab, MAX_OPERATION_CALLDATA_BYTES / MAX_OPERATION_CALLS),
    })),
    payload: { approvers: approvers.map((approver) => approver.display), threshold: MAX_APPROVERS },
    createdBy: approvers[0].display,
    createdByMemberId: 'creator',
    signatures: approvers.map((approver) => ({
      signerHex: approver.hex20 as Hex,
      signature: repeated(0xcd, 65),
      submittedBy: 'creator',
      createdAt: now,
    })),
    signatureBlob: repeated(0xef, PACKED_ENTRY_BYTES * MAX_APPROVERS),
    txHash: repeated(0x12, 32),
    expiresAt: now,
    dappMetadata: null,
    createdAt: now,
    updatedAt: now,
  });
  const view = operation.viewFor(
    { memberId: 'viewer', addressHex: '0x' },
    { approvers, threshold: MAX_APPROVERS, format: 'packed' },
    { currentNonce: 0n, firstNonceWithoutReady: 0n, liveRejectNonces: new Set() },
    now,
  );
  return JSON.stringify(view);
}

describe('the size of a queue page', () => {
  it('holds at least 45 of the largest operations within the response limit; a hundred need the PAGE_TOO_LARGE refusal', () => {
    const operation = Buffer.byteLength(largestOperationJson());
    const envelope = Buffer.byteLength(
      JSON.stringify({
        total: MAX_SAFE_PAGE,
        page: MAX_SAFE_PAGE,
        pageSize: 100,
        items: [],
        nextExecutableNonce: UINT256_MAX.toString(),
      }),
    );
    const pageOf = (count: number) => envelope + count * operation + (count - 1);
    process.stdout.write(`largest queue operation: ${operation} bytes; a page of 100: ${pageOf(100)} bytes\n`);
    expect(pageOf(45)).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
    expect(pageOf(100)).toBeGreaterThan(MAX_RESPONSE_BYTES);
  });
});
