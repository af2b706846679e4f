import { createBase58check } from '@scure/base';
import request from 'supertest';
import { concat, getContractAddress, keccak256, numberToHex, sha256 } from 'viem';
import { CONTRACT_VERSIONS } from '../../src/modules/catalog/seed/contract-versions';
import { TestDeployment, TestMember, TRON_MAINNET } from './builders';
import { confirmationsFor, eventId, txHash } from './chain-events';
import type { TestApp } from './test-app';
import { TEST_SCAM_TOKEN } from './test-currencies';

const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));

export const ETH_USDT = '1-0xdac17f958d2ee523a2206206994597c13d831ec7';
export const ETH_USDC = '1-0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const TRON_USDT = `${TRON_MAINNET}-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`;
export const TRON_USDC = `${TRON_MAINNET}-TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8`;
export const TRON_SCAM_USDT = TEST_SCAM_TOKEN.id;

/** The smallest valid create body: the three keys that must be present. */
export function invoiceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { requestedAmount: null, paymentPageButtonUrl: null, paymentPageButtonText: null, ...overrides };
}

export function invoicesPath(d: { id: string }): string {
  return `/api/v1/deployments/${d.id}/invoices`;
}

export function createInvoice(
  t: TestApp,
  d: TestDeployment,
  body: Record<string, unknown> = invoiceBody(),
  member: TestMember = d.members[0],
) {
  return request(t.http).post(invoicesPath(d)).set('x-api-key', member.apiKey).send(body);
}

/** The deposit address, computed here independently of the service's code (docs/contract.md, Invoices). */
export function expectedInvoiceAddress(
  d: TestDeployment,
  nonce: bigint,
  versionId = d.chainId === TRON_MAINNET ? `1.2.0-tvm-${TRON_MAINNET}` : '1.2.0-evm',
): string {
  const version = CONTRACT_VERSIONS.find((v) => v.id === versionId);
  if (version === undefined) throw new Error(versionId);
  const salt = numberToHex(nonce, { size: 32 });
  if (d.chainId !== TRON_MAINNET) {
    return getContractAddress({
      opcode: 'CREATE2',
      from: d.address as `0x${string}`,
      salt,
      bytecodeHash: version.depositAccountInitCodeHash,
    });
  }
  const deployer = `0x${Buffer.from(base58check.decode(d.address).subarray(1)).toString('hex')}` as `0x${string}`;
  const hash = keccak256(concat(['0x41', deployer, salt, version.depositAccountInitCodeHash]), 'bytes');
  return base58check.encode(Uint8Array.from([0x41, ...hash.slice(12)]));
}

/** A transfer event to `toAddress`; pass the same `hash`/`logIndex` to observe one transfer again. */
export function transfer(
  d: TestDeployment,
  toAddress: string,
  currencyId: string,
  amount: string,
  status: string,
  options: { hash?: string; logIndex?: number; confirmations?: number } = {},
) {
  const hash = options.hash ?? txHash();
  return {
    eventId: eventId(),
    kind: 'transfer',
    chainId: d.chainId,
    txHash: d.chainId === TRON_MAINNET ? hash.replace(/^0x/, '') : hash,
    logIndex: options.logIndex ?? 0,
    blockNumber: '100',
    fromAddress: d.members[0].address,
    toAddress,
    currencyId,
    amount,
    status,
    confirmations: options.confirmations ?? confirmationsFor(status),
  };
}

export function claimEvent(
  d: TestDeployment,
  currencyId: string,
  invoiceNonces: string[],
  status: string,
  hash = txHash(),
) {
  return {
    eventId: eventId(),
    kind: 'claim',
    chainId: d.chainId,
    deploymentAddress: d.address,
    txHash: d.chainId === TRON_MAINNET ? hash.replace(/^0x/, '') : hash,
    status,
    currencyId,
    invoiceNonces,
  };
}
