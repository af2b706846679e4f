import request from 'supertest';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { predictWalletAddress, walletDeployParams } from '../../src/modules/deployments/domain/wallet-deploy-params';
import { NETWORKS } from '../../src/modules/catalog/seed/networks';
import { createDeployment, createMember, evmWallet, jwtFor, TestDeployment, TRON_MAINNET } from '../support/builders';
import { ingest, TEST_INDEXER_KEY, txHash, eventId } from '../support/chain-events';
import { createTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const FACTORY = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const IMPLEMENTATION_120 = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const CHAIN_CONTRACTS = JSON.stringify({
  '11155111': { factory: FACTORY, implementations: { '1.2.0': IMPLEMENTATION_120 } },
  '1': { factory: FACTORY, implementations: { '1.2.0': IMPLEMENTATION_120, '1.1.0': evmWallet().address } },
});

describe('accounts (docs/contract.md, Accounts and networks)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INDEXER_API_KEY: TEST_INDEXER_KEY } });
  });
  afterAll(() => t.close());

  const key = (d: TestDeployment, i = 0) => ({ 'x-api-key': d.members[i].apiKey });
  const get = (path: string, headers: Record<string, string>) => request(t.http).get(path).set(headers);

  describe('GET /api/v1/accounts', () => {
    it("lists the caller's accounts only, with every field of AccountResponseDto", async () => {
      const d = await createDeployment(t, { memberCount: 2, approverCount: 2, threshold: 2 });
      await createDeployment(t); // someone else's
      const res = await get('/api/v1/accounts', key(d)).expect(200);
      expect(res.body).toEqual([
        {
          id: d.accountId,
          name: 'Test team',
          contract: d.address,
          members: d.members.map((m) => m.address).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          initialConfig: {
            approvers: d.approvers.map((m) => m.address).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
            threshold: 2,
          },
          isTron: false,
          smartContractVersionId: '1.2.0-evm',
          networkId: null,
        },
      ]);
    });

    it('shows a Tron account as its own account with its chain as networkId', async () => {
      const d = await createDeployment(t, { chainId: TRON_MAINNET });
      const [account] = (await get('/api/v1/accounts', key(d)).expect(200)).body;
      expect(account).toMatchObject({
        contract: d.address,
        isTron: true,
        networkId: TRON_MAINNET,
        smartContractVersionId: `1.2.0-tvm-${TRON_MAINNET}`,
      });
      expect(account.contract).toMatch(/^T/);
    });

    it('filters by isHidden for JWT callers, and ignores it (and omits isHidden) for API keys', async () => {
      const member = await createMember(t);
      const ids: string[] = [];
      for (const name of ['one', 'two']) {
        const created = await t.app.get(DeploymentsService).createAccount({
          name,
          members: [member.address],
          smartContractVersionId: '1.2.0-evm',
          threshold: 1,
          address: evmWallet().address,
        });
        ids.push(created.id);
      }
      await t.app.get(DeploymentsService).hideAccount(member.address, ids[1], true);
      const jwt = { authorization: `Bearer ${await jwtFor(t, member)}` };
      const names = async (query: string, headers: Record<string, string>) =>
        (await get(`/api/v1/accounts${query}`, headers).expect(200)).body.map((a: { name: string }) => a.name);
      expect(await names('?isHidden=true', jwt)).toEqual(['two']);
      expect(await names('?isHidden=0', jwt)).toEqual(['one']);
      expect(await names('', jwt)).toEqual(['one', 'two']);
      const viaJwt = (await get('/api/v1/accounts', jwt).expect(200)).body;
      expect(viaJwt.map((a: { isHidden: boolean }) => a.isHidden)).toEqual([false, true]);
      const apiKey = { 'x-api-key': member.apiKey };
      expect(await names('?isHidden=true', apiKey)).toEqual(['one', 'two']);
      expect((await get('/api/v1/accounts', apiKey).expect(200)).body[0]).not.toHaveProperty('isHidden');
    });

    it('is 401 without or with a bad credential, 400 for a bad isHidden or an unknown parameter', async () => {
      const d = await createDeployment(t);
      await request(t.http).get('/api/v1/accounts').expect(401);
      await get('/api/v1/accounts', { 'x-api-key': 'nope' }).expect(401);
      const bad = await get('/api/v1/accounts?isHidden=maybe', key(d)).expect(400);
      expect(bad.body.details).toEqual([expect.objectContaining({ field: 'isHidden' })]);
      await get('/api/v1/accounts?page=1', key(d)).expect(400);
    });
  });

  describe('GET /api/v1/accounts/{accountId}', () => {
    it('returns the account and its deployments: the same contract on every EVM chain', async () => {
      const d = await createDeployment(t, { approverCount: 2, threshold: 1 });
      const bsc = await t.app.get(DeploymentsService).createDeployment({ accountId: d.accountId, chainId: '56' });
      const deployHash = txHash();
      await ingest(t, [
        {
          eventId: eventId(),
          kind: 'deploy',
          chainId: '56',
          deploymentAddress: d.address,
          txHash: deployHash,
          status: 'EXECUTED',
          confirmations: 2,
        },
      ]);
      const res = await get(`/api/v1/accounts/${d.accountId}`, key(d)).expect(200);
      expect(Object.keys(res.body)).toEqual(['account', 'deployments']);
      expect(res.body.account).toMatchObject({ id: d.accountId, contract: d.address });
      expect(res.body.deployments).toEqual([
        {
          deploymentId: d.id,
          chainId: '1',
          networkName: 'Ethereum',
          approvers: expect.arrayContaining(d.approvers.map((m) => m.address)),
          threshold: 1,
          deploymentStatus: 'deployed',
          transactionHash: null,
          deployedAt: null,
        },
        {
          deploymentId: bsc.id,
          chainId: '56',
          networkName: 'BNB Smart Chain',
          approvers: expect.arrayContaining(d.approvers.map((m) => m.address)),
          threshold: 1,
          deploymentStatus: 'deployed',
          transactionHash: deployHash,
          deployedAt: expect.stringMatching(/Z$/),
        },
      ]);
    });

    it('answers a non-member and an unknown account with the same 404, a malformed id with 400', async () => {
      const d = await createDeployment(t);
      const other = await createDeployment(t);
      const foreign = await get(`/api/v1/accounts/${other.accountId}`, key(d)).expect(404);
      const unknown = await get('/api/v1/accounts/0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b', key(d)).expect(404);
      const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
      expect(strip(foreign.body)).toEqual(strip(unknown.body));
      expect(foreign.body).toMatchObject({ statusCode: 404, code: 'ACCOUNT_NOT_FOUND' });
      const malformed = await get('/api/v1/accounts/not-a-uuid', key(d)).expect(400);
      expect(malformed.body.code).toBe('INVALID_ACCOUNT_ID');
      await request(t.http).get(`/api/v1/accounts/${d.accountId}`).expect(401);
      // The caller and the account are found in one query: an unknown key is still 401, before 400 and 404.
      await get(`/api/v1/accounts/${d.accountId}`, { 'x-api-key': 'unknown-key' }).expect(401);
      await get(`/api/v1/accounts/${other.accountId}`, { 'x-api-key': 'unknown-key' }).expect(401);
      await get('/api/v1/accounts/not-a-uuid', { 'x-api-key': 'unknown-key' }).expect(401);
    });

    it('finds the account for a JWT caller, and 401 once the session is revoked', async () => {
      const d = await createDeployment(t);
      const member = d.members[0];
      const bearer = { authorization: `Bearer ${await jwtFor(t, member)}` };
      const res = await get(`/api/v1/accounts/${d.accountId}`, bearer).expect(200);
      expect(res.body.account).toMatchObject({ id: d.accountId, isHidden: false });
      const [revoked] = (await t.dataSource.query(
        `UPDATE auth_sessions SET revoked_at = now()
          WHERE member_id = (SELECT id FROM members WHERE lower(address) = lower($1)) RETURNING id`,
        [member.address],
      )) as [unknown[], number];
      expect(revoked.length).toBe(1);
      await get(`/api/v1/accounts/${d.accountId}`, bearer).expect(401);
    });

    it('keeps GET /api/v1/accounts/deployments/{id}/nonce-info working beside /accounts/{accountId}', async () => {
      const d = await createDeployment(t, { nonce: '3' });
      const res = await get(`/api/v1/accounts/deployments/${d.id}/nonce-info`, key(d)).expect(200);
      expect(res.body).toEqual({ currentNonce: '3', lastExecutedNonce: '-1' });
    });
  });

  describe('PUT /api/v1/accounts/{accountId}', () => {
    it('renames the account for every member', async () => {
      const d = await createDeployment(t);
      const res = await request(t.http)
        .put(`/api/v1/accounts/${d.accountId}`)
        .set(key(d))
        .send({ name: '  Ops  ' })
        .expect(200);
      expect(res.body).toMatchObject({ id: d.accountId, name: 'Ops', contract: d.address });
      const [account] = (await get('/api/v1/accounts', key(d, 1)).expect(200)).body;
      expect(account.name).toBe('Ops');
    });

    it.each([
      ['an empty body', {}],
      ['a blank name', { name: '   ' }],
      ['a non-string name', { name: 5 }],
      ['a too long name', { name: 'x'.repeat(129) }],
      ['an unknown field', { name: 'ok', contract: '0x' }],
    ])('is 400 for %s', async (_label, body) => {
      const d = await createDeployment(t);
      const res = await request(t.http).put(`/api/v1/accounts/${d.accountId}`).set(key(d)).send(body).expect(400);
      expect(res.body.statusCode).toBe(400);
    });

    it('is 404 for a non-member and 401 without a credential', async () => {
      const d = await createDeployment(t);
      const other = await createDeployment(t);
      await request(t.http).put(`/api/v1/accounts/${other.accountId}`).set(key(d)).send({ name: 'x' }).expect(404);
      await request(t.http).put(`/api/v1/accounts/${d.accountId}`).send({ name: 'x' }).expect(401);
      const [account] = (await get('/api/v1/accounts', key(other)).expect(200)).body;
      expect(account.name).toBe('Test team');
    });
  });

  describe('GET /api/v1/accounts/{accountId}/deploy-params', () => {
    it('is 404 WALLET_FACTORY_NOT_CONFIGURED when CHAIN_CONTRACTS names no factory', async () => {
      const d = await createDeployment(t);
      const res = await get(`/api/v1/accounts/${d.accountId}/deploy-params`, key(d)).expect(404);
      expect(res.body.code).toBe('WALLET_FACTORY_NOT_CONFIGURED');
    });

    describe('with CHAIN_CONTRACTS', () => {
      let f: TestApp;
      beforeAll(async () => {
        f = await createTestApp({ env: { CHAIN_CONTRACTS } });
      });
      afterAll(() => f.close());

      it('returns createInstance inputs whose predicted address is the account contract', async () => {
        const d = await createDeployment(f, { approverCount: 2, threshold: 2, contractAddress: null });
        const res = await request(f.http).get(`/api/v1/accounts/${d.accountId}/deploy-params`).set(key(d)).expect(200);
        const expected = walletDeployParams({
          accountId: d.accountId,
          // The initializer lists the owners ascending by address, as the account stores them.
          approvers: d.approvers.map((m) => m.address.toLowerCase()).sort(),
          threshold: 2,
          factory: FACTORY,
          implementation: IMPLEMENTATION_120,
        });
        expect(res.body).toEqual({
          implementationAddress: expected.implementationAddress,
          initializerBytecode: expected.initializerBytecode,
          nonce: BigInt(`0x${d.accountId.replace(/-/g, '')}`).toString(),
          deployerAddress: expected.deployerAddress,
        });
        expect(predictWalletAddress(res.body)).toBe(d.address);
        // Same answer for another configured chain: the same contract everywhere.
        const sepolia = await request(f.http)
          .get(`/api/v1/accounts/${d.accountId}/deploy-params?chainId=11155111`)
          .set(key(d))
          .expect(200);
        expect(sepolia.body).toEqual(res.body);
      });

      it('is 400 for a chain the account cannot live on, 404 for a chain without a factory', async () => {
        const d = await createDeployment(f, { contractAddress: null });
        const path = `/api/v1/accounts/${d.accountId}/deploy-params`;
        expect((await request(f.http).get(`${path}?chainId=${TRON_MAINNET}`).set(key(d)).expect(400)).body.code).toBe(
          'INVALID_CHAIN',
        );
        expect((await request(f.http).get(`${path}?chainId=999`).set(key(d)).expect(400)).body.code).toBe(
          'INVALID_CHAIN',
        );
        await request(f.http).get(`${path}?chainId=abc`).set(key(d)).expect(400);
        expect((await request(f.http).get(`${path}?chainId=56`).set(key(d)).expect(404)).body.code).toBe(
          'WALLET_FACTORY_NOT_CONFIGURED',
        );
        const other = await createDeployment(f, { contractAddress: null });
        expect((await request(f.http).get(path).set(key(other)).expect(404)).body.code).toBe('ACCOUNT_NOT_FOUND');
      });

      it('refuses an --address that is not the factory address', async () => {
        const member = await createMember(f);
        await expect(
          f.app.get(DeploymentsService).createAccount({
            name: 'x',
            members: [member.address],
            smartContractVersionId: '1.2.0-evm',
            threshold: 1,
            address: evmWallet().address,
          }),
        ).rejects.toMatchObject({ code: 'CONTRACT_ADDRESS_MISMATCH' });
      });
    });
  });

  describe('GET /api/v1/networks', () => {
    it('lists the catalog networks with explorer templates and required confirmations', async () => {
      const d = await createDeployment(t);
      const res = await get('/api/v1/networks', key(d)).expect(200);
      expect(res.body.items).toHaveLength(NETWORKS.length);
      expect(res.body.items[0]).toEqual({
        chainId: '1',
        name: 'Ethereum',
        coin: 'ETH',
        isTestnet: false,
        isActive: true,
        isTron: false,
        transactionExplorerUrl: 'https://etherscan.io/tx/{txHash}',
        addressExplorerUrl: 'https://etherscan.io/address/{address}',
        tokenExplorerUrl: 'https://etherscan.io/token/{tokenAddress}',
        requiredConfirmations: 12,
      });
      expect(res.body.items.find((n: { chainId: string }) => n.chainId === TRON_MAINNET)).toMatchObject({
        isTron: true,
        coin: 'TRX',
        transactionExplorerUrl: 'https://tronscan.org/#/transaction/{txHash}',
        requiredConfirmations: 19,
      });
    });

    it('is 401 without a credential and 400 for an unknown parameter', async () => {
      const d = await createDeployment(t);
      await request(t.http).get('/api/v1/networks').expect(401);
      await get('/api/v1/networks?chainId=1', key(d)).expect(400);
    });
  });
});
