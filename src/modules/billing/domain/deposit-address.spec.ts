import { createBase58check } from '@scure/base';
import { concat, getContractAddress, keccak256, sha256 } from 'viem';
import { deriveInvoiceAddress } from './deposit-address';

const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));
const INIT_CODE_HASH = keccak256('0x3d602d80600a3d3981f3');
const DEPLOYER = '0x5b38da6a701c568545dcfcb03fcb875f56beddc4';

describe('deriveInvoiceAddress', () => {
  it('is the standard CREATE2 address on EVM, checksummed', () => {
    const derived = deriveInvoiceAddress({
      networkType: 'evm',
      deployerHex20: DEPLOYER,
      invoiceNonce: 7n,
      initCodeHash: INIT_CODE_HASH,
    });
    const salt = `0x${'0'.repeat(63)}7` as const;
    expect(derived.display).toBe(
      getContractAddress({ opcode: 'CREATE2', from: DEPLOYER, salt, bytecodeHash: INIT_CODE_HASH }),
    );
  });

  it('hashes with the 0x41 prefix on Tron and answers base58check', () => {
    const derived = deriveInvoiceAddress({
      networkType: 'tvm',
      deployerHex20: DEPLOYER,
      invoiceNonce: 0n,
      initCodeHash: INIT_CODE_HASH,
    });
    const hash = keccak256(concat(['0x41', DEPLOYER, `0x${'0'.repeat(64)}`, INIT_CODE_HASH]), 'bytes');
    const expected = base58check.encode(Uint8Array.from([0x41, ...hash.slice(12)]));
    expect(derived.display).toBe(expected);
    expect(derived.display).toMatch(/^T/);
  });

  it('gives each nonce its own address', () => {
    const addresses = [0n, 1n, 2n, 1n << 200n].map(
      (invoiceNonce) =>
        deriveInvoiceAddress({
          networkType: 'evm',
          deployerHex20: DEPLOYER,
          invoiceNonce,
          initCodeHash: INIT_CODE_HASH,
        }).hex20,
    );
    expect(new Set(addresses).size).toBe(4);
  });
});
