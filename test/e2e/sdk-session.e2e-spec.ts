import request from 'supertest';
import { encodeFunctionData, getContractAddress, type Hex } from 'viem';
import { predictWalletAddress } from '../../src/modules/deployments/domain/wallet-deploy-params';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { createMember, evmWallet, TestMember } from '../support/builders';
import { eventId, ingest, TEST_INDEXER_KEY, txHash } from '../support/chain-events';
import { createTestApp, TestApp } from '../support/test-app';
import { EXECUTE_TYPES } from '../support/queue';

jest.setTimeout(120_000);

const FACTORY = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const IMPLEMENTATION = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

const CURRENCY_KEYS = [
  'address',
  'chainId',
  'cmcId',
  'createdAt',
  'decimals',
  'id',
  'isNative',
  'isScam',
  'isVerified',
  'logoUrl',
  'name',
  'symbol',
  'updatedAt',
];
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const keys = (value: object) => Object.keys(value).sort();

/** The claim ABI the SDK encodes with the claim items' invoiceNonce values (docs/contract.md, The contracts). */
const CLAIM_ABI = [
  {
    type: 'function',
    name: 'claim',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'erc20', type: 'address' },
      { name: 'accountIds', type: 'bytes32[]' },
    ],
    outputs: [],
  },
] as const;

/**
 * The official SDK's session played by hand, with an API key only, against the shapes its v1.2.0
 * models declare (docs/contract.md, Accounts and networks): list accounts → details → pick a deployment by chainId → invoice →
 * payout → sign with the account contract as verifyingContract → claims.
 */
describe('an SDK v1.2.0 session, by hand', () => {
  let t: TestApp;
  let owner: TestMember;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        CHAIN_CONTRACTS: JSON.stringify({ '1': { factory: FACTORY, implementations: { '1.2.0': IMPLEMENTATION } } }),
      },
    });
    owner = await createMember(t);
    const service = t.app.get(DeploymentsService);
    const account = await service.createAccount({
      name: 'SDK team',
      members: [owner.address],
      smartContractVersionId: '1.2.0-evm',
      threshold: 1,
    });
    accountId = account.id;
    await service.createDeployment({ accountId, chainId: '1' });
    await service.createDeployment({ accountId, chainId: '56' });
  });
  afterAll(() => t.close());

  const api = () => ({
    get: (path: string) => request(t.http).get(path).set('x-api-key', owner.apiKey),
    post: (path: string, body: object) => request(t.http).post(path).set('x-api-key', owner.apiKey).send(body),
  });

  it('works end to end with only the base URL and API key', async () => {
    // 1. DefiClient opens with the caller's accounts and takes the first.
    const accounts = (await api().get('/api/v1/accounts').expect(200)).body;
    expect(accounts).toHaveLength(1);
    const [account] = accounts;
    expect(keys(account)).toEqual(
      [
        'contract',
        'createdAt',
        'id',
        'initialConfig',
        'isTron',
        'members',
        'name',
        'networkId',
        'smartContractVersionId',
      ].sort(),
    );
    expect(account).toMatchObject({
      id: accountId,
      name: 'SDK team',
      members: [owner.address],
      initialConfig: { approvers: [owner.address], threshold: 1 },
      isTron: false,
      smartContractVersionId: '1.2.0-evm',
      networkId: null,
    });
    expect(account.createdAt).toMatch(ISO);
    // The contract is the factory's CREATE2 address for this account (docs/contract.md, The contracts).
    const params = (await api().get(`/api/v1/accounts/${accountId}/deploy-params`).expect(200)).body;
    expect(keys(params)).toEqual(['deployerAddress', 'implementationAddress', 'initializerBytecode', 'nonce']);
    expect(predictWalletAddress(params)).toBe(account.contract);

    // 2. Details, then 3. the deployment of the chain the client works on.
    const details = (await api().get(`/api/v1/accounts/${accountId}`).expect(200)).body;
    expect(keys(details)).toEqual(['account', 'deployments']);
    expect(details.account).toEqual(account);
    for (const deployment of details.deployments) {
      expect(keys(deployment)).toEqual(
        [
          'approvers',
          'chainId',
          'deployedAt',
          'deploymentId',
          'deploymentStatus',
          'networkName',
          'threshold',
          'transactionHash',
        ].sort(),
      );
    }
    const deployment = details.deployments.find((d: { chainId: string }) => d.chainId === '56');
    expect(deployment).toMatchObject({
      chainId: '56',
      networkName: 'BNB Smart Chain',
      approvers: [owner.address],
      threshold: 1,
      deploymentStatus: 'deployed',
      transactionHash: null,
      deployedAt: null,
    });
    const base = `/api/v1/deployments/${deployment.deploymentId}`;
    const nonceInfo = (
      await api().get(`/api/v1/accounts/deployments/${deployment.deploymentId}/nonce-info`).expect(200)
    ).body;
    expect(nonceInfo).toEqual({ currentNonce: '0', lastExecutedNonce: '-1' });
    const networks = (await api().get('/api/v1/networks').expect(200)).body;
    expect(keys(networks.items.find((n: { chainId: string }) => n.chainId === '56'))).toEqual(
      [
        'addressExplorerUrl',
        'chainId',
        'coin',
        'isActive',
        'isTestnet',
        'isTron',
        'name',
        'requiredConfirmations',
        'tokenExplorerUrl',
        'transactionExplorerUrl',
      ].sort(),
    );

    // 4. An invoice in every currency of the network (`currencyIds: []`, as the SDK sends it).
    const invoice = (
      await api()
        .post(`${base}/invoices`, {
          requestedAmount: null,
          paymentPageButtonUrl: null,
          paymentPageButtonText: null,
          currencyIds: [],
        })
        .expect(201)
    ).body;
    expect(keys(invoice)).toEqual(
      [
        'availableCurrencies',
        'callbackUrl',
        'createdAt',
        'id',
        'invoiceAddress',
        'isTron',
        'paidAmount',
        'paidAmountBaseCurrency',
        'paymentPageButtonText',
        'paymentPageButtonUrl',
        'paymentPageUrl',
        'publicId',
        'requestedAmount',
        'status',
        'trackingId',
        'updatedAt',
      ].sort(),
    );
    expect(invoice.availableCurrencies.length).toBeGreaterThan(1);
    for (const currency of invoice.availableCurrencies) expect(keys(currency)).toEqual(CURRENCY_KEYS);
    expect(invoice).toMatchObject({ status: 'CREATED', isTron: false, requestedAmount: null });

    // 5. A payout, which is a PAYOUT queue operation.
    const recipient = evmWallet().address;
    const payout = (
      await api()
        .post(`${base}/payouts`, {
          deploymentId: deployment.deploymentId,
          currencyId: '56',
          amount: '0.25',
          toAddress: recipient,
        })
        .expect(201)
    ).body;
    expect(keys(payout)).toEqual(
      [
        'amount',
        'callbackUrl',
        'createdAt',
        'createdBy',
        'currency',
        'currencyId',
        'deploymentId',
        'id',
        'isTron',
        'nonce',
        'queueOperationId',
        'status',
        'toAddress',
        'trackingId',
        'updatedAt',
      ].sort(),
    );
    expect(payout).toMatchObject({ amount: '0.25', toAddress: recipient, status: 'CREATED', nonce: '0' });
    const operation = (await api().get(`${base}/operations/${payout.queueOperationId}`).expect(200)).body;
    expect(keys(operation)).toEqual(
      [
        'calls',
        'canDelete',
        'canExecute',
        'canReject',
        'canSign',
        'createdAt',
        'createdBy',
        'dappMetadata',
        'executeOperationId',
        'expiresAt',
        'id',
        'isBlocked',
        'nonce',
        'operationType',
        'payload',
        'signatureBlob',
        'signatures',
        'signaturesCollected',
        'signaturesRequired',
        'status',
        'txHash',
        'userSigned',
      ].sort(),
    );
    expect(operation).toMatchObject({ operationType: 'PAYOUT', status: 'PENDING', canSign: true });
    expect(operation.calls).toEqual([{ to: recipient, value: '250000000000000000', data: '0x' }]);

    // 6. Sign as the SDK does: domain from the contract version, the account contract as
    // verifyingContract; submitted under the executeOperationId, as the SDK README does.
    const version = (await api().get('/api/v1/public/smart-contract-versions/1.2.0-evm').expect(200)).body;
    const signature = await owner.wallet.account.signTypedData({
      domain: {
        name: version.eip712Domain.name,
        version: version.eip712Domain.version,
        chainId: 56,
        verifyingContract: account.contract as Hex,
      },
      types: EXECUTE_TYPES,
      primaryType: 'Execute',
      message: {
        calls: operation.calls.map((call: { to: Hex; value: string; data: Hex }) => ({
          to: call.to,
          value: BigInt(call.value),
          data: call.data,
        })),
        nonce: BigInt(operation.nonce),
      },
    });
    const packed = `0x${owner.address.slice(2).toLowerCase()}0041${signature.slice(2)}`;
    const signed = (
      await api().post(`${base}/operations/${operation.executeOperationId}/sign`, { signature: packed }).expect(200)
    ).body;
    expect(keys(signed)).toEqual(
      ['canExecute', 'operationId', 'signatures', 'signaturesCollected', 'signaturesRequired', 'userSigned'].sort(),
    );
    expect(signed).toMatchObject({
      operationId: operation.id,
      signaturesCollected: 1,
      signaturesRequired: 1,
      canExecute: true,
      userSigned: true,
      signatures: [{ user: owner.address, sign: packed }],
    });
    const ready = (await api().get(`${base}/operations/${operation.executeOperationId}`).expect(200)).body;
    expect(ready).toMatchObject({ status: 'READY', signatureBlob: packed });

    // 7. A deposit to the invoice, then claims: the SDK claims with `0x` + invoiceNonce as bytes32.
    await ingest(t, [
      {
        eventId: eventId(),
        kind: 'transfer',
        chainId: '56',
        txHash: txHash(),
        logIndex: 0,
        blockNumber: '100',
        fromAddress: evmWallet().address,
        toAddress: invoice.invoiceAddress,
        currencyId: '56',
        amount: '1000000000000000000',
        status: 'EXECUTED',
        confirmations: 20,
      },
    ]);
    const claims = (await api().get(`${base}/claims`).expect(200)).body;
    expect(keys(claims)).toEqual(['items', 'page', 'pageSize', 'total']);
    expect(claims.total).toBe(1);
    const [item] = claims.items;
    expect(keys(item)).toEqual(
      ['amount', 'createdAt', 'currency', 'invoiceId', 'invoiceNonce', 'transactions', 'updatedAt'].sort(),
    );
    expect(item).toMatchObject({ invoiceId: invoice.id, amount: '1', transactions: 1 });
    expect(item.invoiceNonce).toMatch(/^[0-9a-f]{64}$/);
    expect(keys(item.currency)).toEqual(CURRENCY_KEYS);
    const depositId = `0x${item.invoiceNonce}` as Hex;
    // The deposit id is the CREATE2 salt of the invoice address, under the account contract.
    expect(
      getContractAddress({
        opcode: 'CREATE2',
        from: account.contract as Hex,
        salt: depositId,
        bytecodeHash: version.depositAccountInitCodeHash as Hex,
      }),
    ).toBe(invoice.invoiceAddress);
    expect(() =>
      encodeFunctionData({
        abi: CLAIM_ABI,
        functionName: 'claim',
        args: ['0x0000000000000000000000000000000000000000', [depositId]],
      }),
    ).not.toThrow();
    await ingest(t, [
      {
        eventId: eventId(),
        kind: 'claim',
        chainId: '56',
        deploymentAddress: account.contract,
        txHash: txHash(),
        status: 'EXECUTED',
        currencyId: '56',
        invoiceNonces: [depositId],
      },
    ]);
    expect((await api().get(`${base}/claims`).expect(200)).body.total).toBe(0);
    const summary = (
      await api().get(`/api/v1/accounts/${accountId}/balance/summary?chainId=56&baseCurrency=usd`).expect(200)
    ).body;
    expect(keys(summary)).toEqual(['allRatesReceived', 'totalBalance', 'uncollectedBalance', 'uncollectedInvoices']);
    const balances = (await api().get(`/api/v1/accounts/${accountId}/balances?chainId=56`).expect(200)).body;
    expect(balances.map((b: { currency: { id: string }; balance: string }) => [b.currency.id, b.balance])).toEqual([
      ['56', '1'],
    ]);
  });
});
