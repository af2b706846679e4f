import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { cliError, cliJson, runCli, runCliOn } from '../support/cli';
import { predictWalletAddress, walletDeployParams } from '../../src/modules/deployments/domain/wallet-deploy-params';
import { createMember as createMemberInProcess, evmWallet } from '../support/builders';
import { createTestApp, TestApp, testDatabaseUrl } from '../support/test-app';
import { obtainDocument, postObtain } from '../support/token-client';

interface Issued {
  address: string;
  apiKey: string;
  apiSecret: string;
}

describe('provisioning CLI (npm run cli)', () => {
  let t: TestApp;
  const createMember = async (address = evmWallet().address) =>
    cliJson<Issued>(await runCli('member:create', '--address', address));
  // Members a test needs but does not test the CLI on: made in process, since every CLI run boots
  // the whole application (a few seconds each on a loaded machine).
  const setupMember = async (): Promise<Issued> => {
    const { address, apiKey, apiSecret } = await createMemberInProcess(t);
    return { address, apiKey, apiSecret };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { TOKEN_RATE_LIMIT: '100000' } });
  });
  afterAll(() => t.close());

  it('creates a member whose credentials work at once, and regenerates them', async () => {
    const wallet = evmWallet();
    const issued = await createMember(wallet.address.toLowerCase());
    expect(issued).toEqual({
      address: wallet.address,
      apiKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      apiSecret: expect.any(String),
    });
    await postObtain(t.http, obtainDocument(issued.apiKey, issued.apiSecret)).expect(200);

    const renewed = cliJson<Issued>(await runCli('member:regenerate-credentials', '--address', wallet.address));
    expect(renewed.address).toBe(wallet.address);
    expect(renewed.apiKey).not.toBe(issued.apiKey);
    await postObtain(t.http, obtainDocument(issued.apiKey, issued.apiSecret)).expect(400);
    await postObtain(t.http, obtainDocument(renewed.apiKey, renewed.apiSecret)).expect(200);
  });

  it('hides and shows a currency, storing EVM addresses inside ids in lowercase', async () => {
    const member = await setupMember();
    const usdt = '1-0xDAC17F958D2EE523A2206206994597C13D831EC7';
    const hidden = cliJson(await runCli('member:hide-currency', '--address', member.address, '--currency', usdt));
    expect(hidden).toEqual({ address: member.address, currency: usdt.toLowerCase(), hidden: true });
    const stored = (address: string) =>
      t.dataSource.query(
        `SELECT h.currency_id FROM member_hidden_currencies h JOIN members m ON m.id = h.member_id WHERE m.address = $1`,
        [address],
      );
    expect(await stored(member.address)).toEqual([{ currency_id: usdt.toLowerCase() }]);
    expect(
      cliJson(await runCli('member:show-currency', '--address', member.address, '--currency', usdt)),
    ).toMatchObject({ hidden: false });
    expect(await stored(member.address)).toEqual([]);
    expect(
      cliError(
        await runCli(
          'member:hide-currency',
          '--address',
          member.address,
          '--currency',
          '1-0x0000000000000000000000000000000000000001',
        ),
      ),
    ).toMatch(/^error: CURRENCY_NOT_FOUND: /);
  });

  it('creates an account and a deployment its members can read', async () => {
    const [first, second, third] = await Promise.all([setupMember(), setupMember(), setupMember()]);
    const contract = evmWallet().address;
    const account = cliJson<{ id: string }>(
      await runCli(
        'account:create',
        ...['--name', 'Treasury', '--members', `${first.address},${second.address}:viewer`],
        ...['--approvers', first.address, '--threshold', '1', '--address', contract.toLowerCase()],
      ),
    );
    expect(account).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), contract });
    // `address:ROLE` gives a role; a plain address is an ADMIN.
    const members = await request(t.http)
      .get(`/api/v1/accounts/${account.id}/members`)
      .set('x-api-key', first.apiKey)
      .expect(200);
    expect(members.body.map(({ address, role }: { address: string; role: string }) => ({ address, role }))).toEqual(
      expect.arrayContaining([
        { address: first.address, role: 'ADMIN' },
        { address: second.address, role: 'VIEWER' },
      ]),
    );
    expect(cliJson(await runCli('account:add-member', '--account', account.id, '--address', third.address))).toEqual({
      account: account.id,
      address: third.address,
    });
    const deployment = cliJson<{ id: string }>(
      await runCli(
        'deployment:create',
        ...['--account', account.id, '--chain', '1'],
        ...[
          '--approvers',
          `${first.address},${third.address}`,
          '--threshold',
          '2',
          '--nonce',
          '4',
          '--status',
          'deployed',
        ],
      ),
    );
    expect(deployment).toEqual({ id: expect.any(String) as unknown, status: 'deployed', statusFrom: '--status' });
    const res = await request(t.http)
      .get(`/api/v1/accounts/deployments/${deployment.id}/nonce-info`)
      .set('x-api-key', third.apiKey)
      .expect(200);
    expect(res.body).toEqual({ currentNonce: '4', lastExecutedNonce: '-1' });
  });

  it('gives a new account the factory address when CHAIN_CONTRACTS configures one, and hides accounts per member', async () => {
    const [first, second] = await Promise.all([setupMember(), setupMember()]);
    const factory = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
    const implementation = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const env = {
      RUN_MIGRATIONS: 'false',
      CHAIN_CONTRACTS: JSON.stringify({ '1': { factory, implementations: { '1.2.0': implementation } } }),
    };
    const account = cliJson<{ id: string; contract: string }>(
      await runCliOn(
        testDatabaseUrl(),
        env,
        ...['account:create', '--name', 'Factory', '--members', `${first.address},${second.address}`],
        ...['--approvers', second.address, '--threshold', '1'],
      ),
    );
    const params = walletDeployParams({
      accountId: account.id,
      approvers: [second.address],
      threshold: 1,
      factory,
      implementation,
    });
    expect(account.contract).toBe(predictWalletAddress(params));
    expect(cliJson(await runCli('member:hide-account', '--address', first.address, '--account', account.id))).toEqual({
      address: first.address,
      account: account.id,
      hidden: true,
    });
  });

  describe('deployment:create without --status', () => {
    // A JSON-RPC node that has code at one address only.
    let node: Server;
    let rpcUrl: string;
    const onChain = evmWallet().address;
    beforeAll(async () => {
      node = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          const call = JSON.parse(body) as { id: number; method: string; params: string[] };
          const result =
            call.method === 'eth_getCode'
              ? call.params[0].toLowerCase() === onChain.toLowerCase()
                ? '0x6080'
                : '0x'
              : null;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
        });
      });
      await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
      rpcUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => node.close(resolve)));

    const deployWithout = async (contract: string, env: Record<string, string>) => {
      const member = await setupMember();
      const account = cliJson<{ id: string }>(
        await runCli(
          'account:create',
          '--name',
          'Chain',
          '--members',
          member.address,
          '--threshold',
          '1',
          '--address',
          contract,
        ),
      );
      const created = cliJson<{ id: string; status: string; statusFrom: string }>(
        await runCliOn(
          testDatabaseUrl(),
          { RUN_MIGRATIONS: 'false', ...env },
          'deployment:create',
          '--account',
          account.id,
          '--chain',
          '1',
        ),
      );
      const [row] = (await t.dataSource.query(`SELECT deployment_status FROM deployments WHERE id = $1`, [
        created.id,
      ])) as { deployment_status: string }[];
      expect(row.deployment_status).toBe(created.status);
      return created;
    };

    it('is not_deployed, and says why, when no RPC URL is configured for the chain', async () => {
      const created = await deployWithout(evmWallet().address, {});
      expect(created.status).toBe('not_deployed');
      expect(created.statusFrom).toMatch(/^default: no RPC URL for chain 1 \(RPC_URL_1\)/);
    });

    it("is the chain's answer to eth_getCode when an RPC URL is configured", async () => {
      expect(await deployWithout(onChain, { RPC_URL_1: rpcUrl })).toMatchObject({
        status: 'deployed',
        statusFrom: 'eth_getCode at the wallet address',
      });
      expect(await deployWithout(evmWallet().address, { RPC_URL_1: rpcUrl })).toMatchObject({
        status: 'not_deployed',
        statusFrom: 'eth_getCode at the wallet address',
      });
    });

    it('refuses, naming --status, when the node does not answer', async () => {
      const member = await setupMember();
      const account = cliJson<{ id: string }>(
        await runCli(
          'account:create',
          '--name',
          'Down',
          '--members',
          member.address,
          '--threshold',
          '1',
          '--address',
          evmWallet().address,
        ),
      );
      const line = cliError(
        await runCliOn(
          testDatabaseUrl(),
          { RUN_MIGRATIONS: 'false', RPC_URL_1: 'http://127.0.0.1:9' },
          'deployment:create',
          '--account',
          account.id,
          '--chain',
          '1',
        ),
      );
      expect(line).toMatch(/^error: .*eth_getCode failed .*pass --status/);
    });
  });

  describe('refuses, with one line on stderr and a non-zero status', () => {
    let account: string;
    let member: Issued;
    let outsider: Issued;

    beforeAll(async () => {
      [member, outsider] = await Promise.all([setupMember(), setupMember()]);
      account = cliJson<{ id: string }>(
        await runCli(
          'account:create',
          ...['--name', 'Ops', '--members', member.address, '--threshold', '1', '--address', evmWallet().address],
        ),
      ).id;
    });

    const deploy = (overrides: Record<string, string>) => {
      const flags = {
        account,
        chain: '1',
        approvers: member.address,
        threshold: '1',
        ...overrides,
      };
      return runCli('deployment:create', ...Object.entries(flags).flatMap(([name, value]) => [`--${name}`, value]));
    };

    it.each([
      [
        'an unknown member',
        () => runCli('member:regenerate-credentials', '--address', evmWallet().address),
        /^error: MEMBER_NOT_FOUND: /,
      ],
      ['a bad address', () => runCli('member:create', '--address', '0x1234'), /^error: INVALID_ADDRESS: /],
      [
        'an unknown account',
        () =>
          runCli(
            'account:add-member',
            '--account',
            '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b',
            '--address',
            member.address,
          ),
        /^error: ACCOUNT_NOT_FOUND: /,
      ],
      ['a threshold above the approvers', () => deploy({ threshold: '2' }), /^error: INVALID_THRESHOLD: /],
      [
        "another contract address than the account's",
        () => deploy({ address: evmWallet().address }),
        /^error: CONTRACT_MISMATCH: /,
      ],
      ['a Tron chain for an EVM account', () => deploy({ chain: '728126428' }), /^error: /],
      [
        'an account without --address when no factory is configured',
        () => runCli('account:create', '--name', 'x', '--members', member.address, '--threshold', '1'),
        /^error: CONTRACT_ADDRESS_REQUIRED: /,
      ],
      [
        'a member with an unknown role',
        () =>
          runCli(
            ...['account:create', '--name', 'x', '--members', `${member.address}:OWNER`],
            ...['--threshold', '1', '--address', evmWallet().address],
          ),
        /^error: VALIDATION_FAILED: members .*: unknown role OWNER /,
      ],
      [
        'an approver who is not a member of the account',
        () => deploy({ approvers: `${member.address},${outsider.address}` }),
        /^error: APPROVER_NOT_MEMBER: /,
      ],
      ['an unknown version', () => deploy({ version: '9.9.9-evm' }), /^error: UNKNOWN_CONTRACT_VERSION: /],
      [
        'a version of another network',
        () => deploy({ version: '1.2.0-tvm-728126428' }),
        /^error: UNKNOWN_CONTRACT_VERSION: /,
      ],
    ])('%s', async (_label, command, line) => {
      expect(cliError(await command())).toMatch(line);
    });

    it.each([
      [
        'an unknown command',
        ['member:delete', '--address', 'x'],
        /^error: unknown command "member:delete"; commands: member:create, /,
      ],
      ['a missing flag', ['member:create'], /^error: --address is required$/],
      ['an unknown flag', ['member:create', '--adress', 'x'], /^error: unknown flag --adress/],
      ['a flag without value', ['account:create', '--name', 'x', '--members'], /^error: --members needs a value$/],
      ['a non-integer threshold', ['deployment:create', '--threshold', 'two'], /^error: /],
    ])('%s (status 2)', async (_label, args, line) => {
      expect(cliError(await runCli(...args), 2)).toMatch(line);
    });
  });
});
