import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keccak256 } from 'viem';
import { DEPOSIT_ACCOUNT_INIT_CODE_HASH, WALLET_ARTIFACTS, WALLET_VERSIONS } from './contract-artifacts';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../../../scripts/contracts-build.js') as {
  artifactFiles(): Record<string, string>;
  staleArtifacts(files: Record<string, string>): string[];
};

describe('contract artifacts', () => {
  it('are what a fresh compile of contracts/ with the pinned solc gives (run npm run contracts:build)', () => {
    const files = build.artifactFiles();
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'DepositAccount.json',
        'ProxyFactory.json',
        'MultiSigWallet_1_0_0.json',
        'MultiSigWallet_1_1_0.json',
        'MultiSigWallet_1_2_0.json',
      ]),
    );
    expect(build.staleArtifacts(files)).toEqual([]);
  }, 120_000);

  it('give DepositAccount creation code without constructor arguments: one init-code hash', () => {
    const json = JSON.parse(
      readFileSync(join(__dirname, '../../../contracts/artifacts/DepositAccount.json'), 'utf8'),
    ) as { abi: { type: string; inputs?: unknown[] }[]; bytecode: `0x${string}` };
    const constructor = json.abi.find((item) => item.type === 'constructor');
    expect(constructor?.inputs ?? []).toEqual([]);
    expect(DEPOSIT_ACCOUNT_INIT_CODE_HASH).toBe(keccak256(json.bytecode));
  });

  it('give the three wallet versions one ABI', () => {
    const abis = WALLET_VERSIONS.map((version) => JSON.stringify(WALLET_ARTIFACTS[version].abi));
    expect(new Set(abis).size).toBe(1);
  });
});
