import { createBase58check } from '@scure/base';
import request from 'supertest';
import { getAddress, Hex, sha256 } from 'viem';
import { CONTRACT_VERSIONS } from '../../src/modules/catalog/seed/contract-versions';
import type { TestDeployment, TestMember } from './builders';
import { confirmationsFor } from './chain-events';
import type { TestApp } from './test-app';

const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));

/** The 20-byte hex of an EVM or Tron (base58) address, as TIP-712 hashes it. */
export function hex20(address: string): Hex {
  if (address.startsWith('T')) return `0x${Buffer.from(base58check.decode(address).subarray(1)).toString('hex')}`;
  return getAddress(address).toLowerCase() as Hex;
}

/** The EIP-712 types every contract version signs (docs/contract.md, Operations queue). */
export const EXECUTE_TYPES = {
  Execute: [
    { name: 'calls', type: 'Call[]' },
    { name: 'nonce', type: 'uint256' },
  ],
  Call: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
  ],
} as const;

export interface OperationBody {
  id: string;
  nonce: string;
  calls: { to: string; value: string; data: string }[];
  [key: string]: unknown;
}

/** `Execute(calls, nonce)` typed data in the contract's domain, as a client builds it. */
export function operationTypedData(
  deployment: { chainId: string; address: string },
  versionId: string,
  operation: { nonce: string; calls: { to: string; value: string; data: string }[] },
  overrides: { chainId?: string; verifyingContract?: string; nonce?: string } = {},
) {
  const version = CONTRACT_VERSIONS.find((candidate) => candidate.id === versionId);
  if (version === undefined) throw new Error(`no version ${versionId}`);
  return {
    domain: {
      name: version.eip712Domain.name,
      version: version.eip712Domain.version,
      chainId: BigInt(overrides.chainId ?? deployment.chainId),
      verifyingContract: hex20(overrides.verifyingContract ?? deployment.address),
    },
    types: EXECUTE_TYPES,
    primaryType: 'Execute',
    message: {
      calls: operation.calls.map((call) => ({ to: hex20(call.to), value: BigInt(call.value), data: call.data as Hex })),
      nonce: BigInt(overrides.nonce ?? operation.nonce),
    },
  } as const;
}

/** Signs with the member's real key (viem signTypedData). */
export function signOperation(
  member: TestMember,
  deployment: { chainId: string; address: string },
  versionId: string,
  operation: { nonce: string; calls: { to: string; value: string; data: string }[] },
  overrides: { chainId?: string; verifyingContract?: string; nonce?: string } = {},
): Promise<Hex> {
  return member.wallet.account.signTypedData(operationTypedData(deployment, versionId, operation, overrides));
}

/** `signer(20) ‖ uint16 BE length ‖ signature`, the ≥ 1.1.0 submission format. */
export function packEntry(signerAddress: string, signature: Hex): Hex {
  const body = signature.slice(2);
  return `0x${hex20(signerAddress).slice(2)}${(body.length / 2).toString(16).padStart(4, '0')}${body}`;
}

/** What a client submits for its own signature on a given contract version. */
export async function submission(
  member: TestMember,
  deployment: TestDeployment,
  versionId: string,
  operation: OperationBody,
): Promise<Hex> {
  const signature = await signOperation(member, deployment, versionId, operation);
  return versionId.startsWith('1.0.0') ? signature : packEntry(member.address, signature);
}

export function queuePath(deploymentId: string, suffix = ''): string {
  return `/api/v1/deployments/${deploymentId}/operations${suffix}`;
}

export function callsTo(deployment: { address: string }): { to: string; value: string; data: string }[] {
  return [{ to: deployment.address, value: '0', data: '0x12345678' }];
}

export async function createConfigChange(
  t: TestApp,
  deployment: TestDeployment,
  member: TestMember = deployment.members[0],
  body: { approvers?: string[]; threshold?: number; calls?: object[] } = {},
): Promise<OperationBody> {
  const res = await request(t.http)
    .post(queuePath(deployment.id, '/multisig-config'))
    .set('x-api-key', member.apiKey)
    .send({
      approvers: body.approvers ?? deployment.approvers.map((approver) => approver.address),
      threshold: body.threshold ?? deployment.threshold,
      calls: body.calls ?? callsTo(deployment),
    });
  if (res.status !== 201) throw new Error(`multisig-config answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as OperationBody;
}

export function sign(
  t: TestApp,
  deployment: TestDeployment,
  member: TestMember,
  operationId: string,
  signature: string,
) {
  return request(t.http)
    .post(queuePath(deployment.id, `/${operationId}/sign`))
    .set('x-api-key', member.apiKey)
    .send({ signature });
}

export function getOperation(t: TestApp, deployment: TestDeployment, member: TestMember, operationId: string) {
  return request(t.http)
    .get(queuePath(deployment.id, `/${operationId}`))
    .set('x-api-key', member.apiKey);
}

/** Splits a blob into (signer, 65-byte signature) entries for its format. */
export function decodeBlob(blob: string, packed: boolean): { signer?: Hex; signature: Hex }[] {
  const bytes = Buffer.from(blob.slice(2), 'hex');
  const entries: { signer?: Hex; signature: Hex }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (packed) {
      const signer = `0x${bytes.subarray(offset, offset + 20).toString('hex')}` as Hex;
      const length = bytes.readUInt16BE(offset + 20);
      entries.push({ signer, signature: `0x${bytes.subarray(offset + 22, offset + 22 + length).toString('hex')}` });
      offset += 22 + length;
    } else {
      entries.push({ signature: `0x${bytes.subarray(offset, offset + 65).toString('hex')}` });
      offset += 65;
    }
  }
  return entries;
}

/** The `bytes32` id the contract's `execute` takes for an operation (16 zero bytes ‖ UUID). */
export function executeIdOf(operationId: string): Hex {
  return `0x${'0'.repeat(32)}${operationId.replace(/-/g, '')}`;
}

/** An indexer's `execution` event for operations of a deployment (docs/chain-events.md). */
export function executionEvent(
  deployment: { chainId: string; address: string },
  operationIds: string[],
  status: 'PENDING' | 'EXECUTED' | 'CONFIRMED' | 'FAILED',
  txHash: string,
  eventId: string,
) {
  return {
    eventId,
    kind: 'execution',
    chainId: deployment.chainId,
    deploymentAddress: deployment.address,
    txHash,
    status,
    executeOperationIds: operationIds.map(executeIdOf),
    confirmations: confirmationsFor(status),
    fee: '21000',
  };
}
