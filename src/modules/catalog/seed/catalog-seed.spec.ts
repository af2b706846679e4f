import { createBase58check } from '@scure/base';
import {
  type Abi,
  decodeFunctionData,
  encodeFunctionData,
  getAbiItem,
  getAddress,
  keccak256,
  sha256,
  toEventSelector,
  toFunctionSelector,
} from 'viem';

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT_VERSIONS } from './contract-versions';
import { CURRENCIES } from './currencies';
import { NETWORKS, type NetworkSeed } from './networks';

const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));

const networkByChainId = new Map<string, NetworkSeed>(NETWORKS.map((n) => [n.chainId, n]));

function networkOf(chainId: string): NetworkSeed {
  const network = networkByChainId.get(chainId);
  if (!network) throw new Error(`chainId ${chainId} is not in NETWORKS`);
  return network;
}

describe('catalog seed', () => {
  describe('NETWORKS', () => {
    it('has unique chain ids and covers the networks the catalog must hold (docs/contract.md)', () => {
      const ids = NETWORKS.map((n) => n.chainId);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(
        ['1', '56', '137', '42161', '8453', '11155111', '728126428', '2494104990'].sort(),
      );
      expect(networkOf('728126428').networkType).toBe('tvm');
      expect(networkOf('2494104990').networkType).toBe('tvm');
      expect(networkOf('1').networkType).toBe('evm');
    });

    it('requires at least one confirmation everywhere', () => {
      for (const n of NETWORKS) {
        expect(Number.isInteger(n.requiredConfirmations)).toBe(true);
        expect(n.requiredConfirmations).toBeGreaterThan(0);
      }
    });
  });

  describe('CURRENCIES', () => {
    it('uses only chain ids from NETWORKS', () => {
      for (const c of CURRENCIES) {
        expect(networkByChainId.has(c.chainId)).toBe(true);
      }
    });

    it('has unique ids', () => {
      const ids = CURRENCIES.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('has exactly one native currency per network', () => {
      for (const n of NETWORKS) {
        const natives = CURRENCIES.filter((c) => c.chainId === n.chainId && c.isNative);
        expect({ chainId: n.chainId, natives: natives.length }).toEqual({
          chainId: n.chainId,
          natives: 1,
        });
      }
    });

    it('has EIP-55 checksummed EVM token addresses', () => {
      const evmTokens = CURRENCIES.filter((c) => !c.isNative && networkOf(c.chainId).networkType === 'evm');
      expect(evmTokens.length).toBeGreaterThan(0);
      for (const c of evmTokens) {
        expect(c.address).not.toBeNull();
        const address = c.address ?? '';
        expect(getAddress(address)).toBe(address);
      }
    });

    it('has base58check Tron token addresses decoding to 21 bytes with the 0x41 prefix', () => {
      const tronTokens = CURRENCIES.filter((c) => !c.isNative && networkOf(c.chainId).networkType === 'tvm');
      expect(tronTokens.length).toBeGreaterThan(0);
      for (const c of tronTokens) {
        const address = c.address ?? '';
        expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
        const decoded = base58check.decode(address);
        expect(decoded.length).toBe(21);
        expect(decoded[0]).toBe(0x41);
      }
    });

    it('builds ids as docs/api-conventions.md says: {chainId} for natives, {chainId}-{address} for tokens', () => {
      for (const c of CURRENCIES) {
        const match = /^([0-9]+)(?:-(.+))?$/.exec(c.id);
        expect(match).not.toBeNull();
        const [, idChainId, idAddress] = match ?? [];
        expect(idChainId).toBe(c.chainId);
        expect(networkByChainId.has(idChainId ?? '')).toBe(true);

        if (c.isNative) {
          expect(c.address).toBeNull();
          expect(idAddress).toBeUndefined();
          continue;
        }
        expect(c.address).not.toBeNull();
        const address = c.address ?? '';
        if (networkOf(c.chainId).networkType === 'evm') {
          expect(idAddress).toMatch(/^0x[0-9a-f]{40}$/);
          expect(idAddress).toBe(address.toLowerCase());
        } else {
          expect(idAddress).toBe(address);
        }
      }
    });

    it('has sane decimals, flags and rates', () => {
      for (const c of CURRENCIES) {
        expect(Number.isInteger(c.decimals)).toBe(true);
        expect(c.decimals).toBeGreaterThanOrEqual(0);
        expect(c.decimals).toBeLessThanOrEqual(77);
        if (c.isScam) {
          expect(c.isVerified).toBe(false);
          // A scam token must never contribute to a USD total.
          expect(c.usdRate).toBeNull();
        }
        if (c.usdRate !== null) expect(c.usdRate).toMatch(/^\d+(\.\d+)?$/);
        if (c.logoUrl !== null) expect(c.logoUrl).toMatch(/^https:\/\//);
      }
    });

    it('holds only real tokens: no symbol twice on one chain, nothing marked scam', () => {
      const symbols = CURRENCIES.map((c) => `${c.chainId}:${c.symbol.toUpperCase()}`);
      expect(new Set(symbols).size).toBe(symbols.length);
      expect(CURRENCIES.filter((c) => c.isScam)).toEqual([]);
    });

    it('keeps the decimals that differ between chains (BSC pegged stablecoins use 18)', () => {
      const byId = new Map(CURRENCIES.map((c) => [c.id, c]));
      expect(byId.get('1-0xdac17f958d2ee523a2206206994597c13d831ec7')?.decimals).toBe(6);
      expect(byId.get('56-0x55d398326f99059ff775485246999027b3197955')?.decimals).toBe(18);
      expect(byId.get('728126428')?.decimals).toBe(6);
    });
  });

  describe('CONTRACT_VERSIONS', () => {
    const tronChainIds = NETWORKS.filter((n) => n.networkType === 'tvm').map((n) => n.chainId);

    it('has well-formed ids whose suffix matches networkType and chainId', () => {
      for (const v of CONTRACT_VERSIONS) {
        expect(v.id).toMatch(/^\d+\.\d+\.\d+-(evm|tvm-\d+)$/);
        expect(v.version).toMatch(/^\d+\.\d+\.\d+$/);
        if (v.networkType === 'evm') {
          expect(v.chainId).toBeNull();
          expect(v.id).toBe(`${v.version}-evm`);
        } else {
          expect(v.chainId).not.toBeNull();
          expect(tronChainIds).toContain(v.chainId);
          expect(v.id).toBe(`${v.version}-tvm-${v.chainId ?? ''}`);
        }
        expect(v.eip712Domain.version).toBe(v.version);
        expect(v.eip712Domain.name.length).toBeGreaterThan(0);
      }
      const ids = CONTRACT_VERSIONS.map((v) => v.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('ships 1.0.0, 1.1.0 and 1.2.0 for evm and every Tron chain', () => {
      const groups = ['evm', ...tronChainIds.map((id) => `tvm-${id}`)];
      for (const group of groups) {
        for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
          expect(CONTRACT_VERSIONS.map((v) => v.id)).toContain(`${version}-${group}`);
        }
      }
    });

    it('marks exactly one version latest per (networkType, chainId)', () => {
      const latestCount = new Map<string, number>();
      for (const v of CONTRACT_VERSIONS) {
        const key = `${v.networkType}:${v.chainId ?? ''}`;
        latestCount.set(key, (latestCount.get(key) ?? 0) + (v.isLatest ? 1 : 0));
      }
      expect(latestCount.size).toBe(1 + tronChainIds.length);
      for (const [key, count] of latestCount) {
        expect({ key, count }).toEqual({ key, count: 1 });
      }
    });

    it('publishes keccak256 of the committed DepositAccount creation code as the init-code hash', () => {
      // Read from the artifact file here, not through the module the catalog uses.
      const artifact = JSON.parse(
        readFileSync(join(__dirname, '../../../../contracts/artifacts/DepositAccount.json'), 'utf8'),
      ) as { bytecode: `0x${string}` };
      expect(artifact.bytecode.length).toBeGreaterThan(2);
      for (const v of CONTRACT_VERSIONS) {
        expect(v.depositAccountInitCodeHash).toMatch(/^0x[0-9a-f]{64}$/);
        expect(v.depositAccountInitCodeHash).toBe(keccak256(artifact.bytecode));
      }
    });

    it('signs under the domain name "MultiSigWallet" and the version', () => {
      for (const v of CONTRACT_VERSIONS) {
        expect(v.eip712Domain).toEqual({ name: 'MultiSigWallet', version: v.version });
      }
    });

    it('exposes the MultiSigWallet interface (docs/contract.md, The contracts) in accountAbi', () => {
      const expectedSignatures: Record<string, string> = {
        execute: 'function execute(((address,uint256,bytes)[],bytes,bytes32)[])',
        eip712Domain: 'function eip712Domain()',
        nonce: 'function nonce()',
        owners: 'function owners()',
        threshold: 'function threshold()',
        initialize: 'function initialize(address[],uint256)',
        setConfig: 'function setConfig(address[],uint256)',
        claim: 'function claim(address,bytes32[])',
        claimTo: 'function claimTo(address,address,bytes32[])',
      };
      const expectedEvents: Record<string, string> = {
        ExecuteSuccess: 'ExecuteSuccess(uint256,bytes32,bytes32)',
        SetConfig: 'SetConfig(address,uint256,uint256)',
        Claim: 'Claim(address,address,address,uint256,uint256)',
      };
      for (const v of CONTRACT_VERSIONS) {
        const abi = v.accountAbi as Abi;
        for (const [name, signature] of Object.entries(expectedSignatures)) {
          const item = getAbiItem({ abi, name });
          expect(item?.type).toBe('function');
          if (item?.type !== 'function') continue;
          expect({ name, selector: toFunctionSelector(item) }).toEqual({
            name,
            selector: toFunctionSelector(signature),
          });
        }
        for (const [name, signature] of Object.entries(expectedEvents)) {
          const item = getAbiItem({ abi, name });
          expect(item?.type).toBe('event');
          if (item?.type !== 'event') continue;
          expect({ name, topic: toEventSelector(item) }).toEqual({ name, topic: toEventSelector(signature) });
        }
      }
    });

    it('encodes an execute call that decodes back to the same arguments', () => {
      const call = {
        to: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        value: 0n,
        data: '0xa9059cbb000000000000000000000000000000000000000000000000000000000000dead0000000000000000000000000000000000000000000000000000000000000001',
      } as const;
      const signatures = `0x${'11'.repeat(65)}` as const;
      const id = `0x${'00'.repeat(16)}0192a1b2c3d47e5f8a9b0c1d2e3f4a5b` as const;

      for (const v of CONTRACT_VERSIONS) {
        const abi = v.accountAbi as Abi;
        const data = encodeFunctionData({
          abi,
          functionName: 'execute',
          args: [[{ calls: [call], signatures, id }]],
        });
        expect(data.slice(0, 10)).toBe(
          toFunctionSelector('function execute(((address,uint256,bytes)[],bytes,bytes32)[])'),
        );
        const decoded = decodeFunctionData({ abi, data });
        expect(decoded.functionName).toBe('execute');
        expect(decoded.args).toEqual([[{ calls: [call], signatures, id }]]);
      }
    });
  });
});
