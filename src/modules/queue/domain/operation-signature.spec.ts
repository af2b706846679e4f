import { randomBytes } from 'node:crypto';
import { hashDomain, hashTypedData, type Hex } from 'viem';
import { Address } from '../../../shared/domain/address';
import type { Call } from './call';
import { EIP712_DOMAIN_TYPE, executeHashes, executeTypedData, executeTypedDataJson } from './operation-signature';

const hex = (bytes: number): Hex => `0x${randomBytes(bytes).toString('hex')}`;

function randomCall(networkType: 'evm' | 'tvm'): Call {
  const data = [hex(0).slice(0, 2) as Hex, hex(4), hex(68), hex(300)][randomBytes(1)[0] % 4];
  return { to: Address.fromHex20(hex(20), networkType), value: BigInt(hex(1 + (randomBytes(1)[0] % 32))), data };
}

describe('executeHashes (what owners sign)', () => {
  it.each(['evm', 'tvm'] as const)(
    'equals viem’s hashTypedData, for %s wallets, any number of calls, every version',
    (networkType) => {
      for (let round = 0; round < 40; round++) {
        const domain = {
          name: 'MultiSigWallet',
          version: ['1.0.0', '1.1.0', '1.2.0'][round % 3],
          chainId: BigInt([1, 11155111, 728126428, 2494104990][round % 4]),
          verifyingContract: hex(20),
        };
        const calls = Array.from({ length: round % 9 }, () => randomCall(networkType));
        const nonce = BigInt(round * 1_000_003);
        const hashes = executeHashes(domain, calls, nonce);
        expect(hashes.digest).toBe(hashTypedData(executeTypedData(domain, calls, nonce)));
        // The JSON form a wallet receives hashes the same, EIP712Domain and all.
        expect(hashTypedData(executeTypedDataJson(domain, calls, nonce) as never)).toBe(hashes.digest);
        expect(hashes.domainSeparator).toBe(
          hashDomain({ domain: { ...domain }, types: { EIP712Domain: EIP712_DOMAIN_TYPE } } as never),
        );
      }
    },
  );
});
