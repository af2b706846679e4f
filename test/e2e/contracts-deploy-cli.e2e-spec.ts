import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseEther, type Hex } from 'viem';
import { PROXY_FACTORY_ARTIFACT, WALLET_ARTIFACTS } from '../../src/modules/contracts/contract-artifacts';

import { describeWithAnvil, startAnvil, type Anvil } from '../support/anvil';
import { cliError, cliJson, runCliOn } from '../support/cli';
import { testDatabaseUrl } from '../support/test-app';

/** `contracts:deploy` against anvil: the operator's way to put the contracts on a chain. */
describeWithAnvil('contracts:deploy (CLI) on anvil', () => {
  let anvil: Anvil;
  const key = generatePrivateKey();

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 11155111 });
    await anvil.setBalance(privateKeyToAccount(key).address, parseEther('10'));
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  type Printed = Record<string, { factory: Hex; implementations: Record<string, Hex> }>;

  it('deploys factory and implementations and prints the CHAIN_CONTRACTS entry; a second run deploys nothing', async () => {
    const printed = cliJson<Printed>(await deploy('--rpc-url', anvil.rpcUrl));
    expect(Object.keys(printed)).toEqual(['11155111']);
    const entry = printed['11155111'];
    expect(Object.keys(entry.implementations).sort()).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    // Each address holds the runtime code of the artifact it names.
    const code = (address: Hex) => anvil.publicClient.getCode({ address });
    expect(await code(entry.factory)).toBe(deployed(PROXY_FACTORY_ARTIFACT.contractName));
    for (const version of ['1.0.0', '1.1.0', '1.2.0'] as const) {
      // Immutables differ from the artifact's placeholders, so ask the implementation its version.
      const domain = (await anvil.publicClient.readContract({
        address: entry.implementations[version],
        abi: WALLET_ARTIFACTS[version].abi,
        functionName: 'eip712Domain',
      })) as readonly unknown[];
      expect(domain.slice(1, 3)).toEqual(['MultiSigWallet', version]);
    }
    const nonce = await anvil.publicClient.getTransactionCount({ address: privateKeyToAccount(key).address });
    const again = cliJson<Printed>(await deploy('--rpc-url', anvil.rpcUrl));
    expect(again).toEqual(printed);
    expect(await anvil.publicClient.getTransactionCount({ address: privateKeyToAccount(key).address })).toBe(nonce);
  });

  it('deploys with plain CREATE when asked', async () => {
    const printed = cliJson<Printed>(await deploy('--rpc-url', anvil.rpcUrl, '--via', 'create'));
    expect(await anvil.publicClient.getCode({ address: printed['11155111'].factory })).toBe(
      deployed(PROXY_FACTORY_ARTIFACT.contractName),
    );
  });

  it('refuses a missing or malformed key without echoing it, and an unreachable node', async () => {
    const withKey = (value: string | undefined, ...args: string[]) =>
      runCliOn(
        testDatabaseUrl(),
        { RUN_MIGRATIONS: 'false', ...(value === undefined ? {} : { DEPLOYER_PRIVATE_KEY: value }) },
        'contracts:deploy',
        ...args,
      );
    expect(cliError(await withKey(undefined, '--rpc-url', anvil.rpcUrl), 2)).toMatch(/DEPLOYER_PRIVATE_KEY/);
    const bad = 'not-a-key-0123456789';
    const line = cliError(await withKey(bad, '--rpc-url', anvil.rpcUrl), 2);
    expect(line).toMatch(/DEPLOYER_PRIVATE_KEY must be/);
    expect(line).not.toContain(bad);
    expect(cliError(await deploy(), 2)).toMatch(/--rpc-url is required/);
    expect(cliError(await deploy('--rpc-url', 'http://127.0.0.1:1'))).toMatch(/cannot reach/);
  });

  function deploy(...args: string[]) {
    return runCliOn(
      testDatabaseUrl(),
      { RUN_MIGRATIONS: 'false', DEPLOYER_PRIVATE_KEY: key },
      'contracts:deploy',
      ...args,
    );
  }

  function deployed(name: string): Hex {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require(`../../contracts/artifacts/${name}.json`) as { deployedBytecode: Hex }).deployedBytecode;
  }
});
