import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { encodeFunctionData, erc20Abi, getAddress, hashTypedData, parseEther, parseUnits, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';
import { deployWalletContracts, describeWithAnvil, loadArtifact, startAnvil, type Anvil } from '../support/anvil';
import { createDeployment, evmWallet, TRON_MAINNET, type TestDeployment, type TestMember } from '../support/builders';
import { packEntry, queuePath, sign, type OperationBody } from '../support/queue';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The operation review on a real EVM (anvil): for each contract version, a native payout, an ERC-20
 * payout, a config change and a reject are reviewed; the review's digest equals viem's
 * `hashTypedData` of its typed data and the wallet's own `getDigest`, and approvers who sign the
 * review's typed data (nothing else) get the operation executed on chain. The anvil chain runs with
 * Sepolia's chain id so the catalog's Sepolia currencies apply (USDC's address runs our test token).
 * Chain 1's "node" is a TCP server that never answers; chain 137 has no node at all.
 */
const CHAIN_ID = '11155111';
const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const USDC_ID = `${CHAIN_ID}-${USDC.toLowerCase()}`;

interface Review {
  operationId: string;
  nonce: string;
  operationType: string;
  typedData: Parameters<typeof hashTypedData>[0] & {
    message: { calls: { to: string; value: string; data: Hex }[]; nonce: string };
  };
  domainSeparator: Hex;
  structHash: Hex;
  digest: Hex;
  calls: {
    index: number;
    to: string;
    toLabel: string | null;
    value: string;
    data: string;
    decoded: Record<string, unknown> & { kind: string };
  }[];
  config: {
    approversBefore: string[];
    approversAfter: string[];
    thresholdBefore: number;
    thresholdAfter: number;
  } | null;
  simulation: {
    status: string;
    blockNumber: string | null;
    revertReason: string | null;
    reason: string | null;
    transfers: { currency: { id: string } | null; from: string; to: string; amount: string }[];
  };
  warnings: { code: string; severity: string; message: string; callIndex: number | null }[];
}

describeWithAnvil('operation review on anvil (docs/review-and-policy.md)', () => {
  let anvil: Anvil;
  let t: TestApp;
  let deployer: PrivateKeyAccount;
  let contracts: ChainContracts;
  let hanging: Server;
  const sockets: Socket[] = [];
  /** Between the app and anvil: counts the node's requests, and can play a node without eth_simulateV1. */
  let proxy: HttpServer;
  const proxied: string[] = [];
  let withoutSimulateV1 = false;
  const walletAbi = loadArtifact('MultiSigWallet_1_2_0').abi;
  const token = loadArtifact('TestToken');

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: Number(CHAIN_ID) });
    deployer = await anvil.fundedAccount();
    contracts = await deployWalletContracts(anvil, deployer);
    await anvil.publicClient.request({ method: 'anvil_setCode', params: [USDC, token.deployedBytecode] } as never);
    hanging = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as { port: number }).port;
    proxy = createHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        const parsed = JSON.parse(body) as { id: number; method: string } | { method: string }[];
        proxied.push(Array.isArray(parsed) ? `batch:${parsed.map((call) => call.method).join(',')}` : parsed.method);
        if (withoutSimulateV1 && !Array.isArray(parsed) && parsed.method === 'eth_simulateV1') {
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({ jsonrpc: '2.0', id: parsed.id, error: { code: -32601, message: 'Method not found' } }),
          );
          return;
        }
        void fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then((answer) => answer.text())
          .then((text) => {
            res.setHeader('content-type', 'application/json');
            res.end(text);
          });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyPort = (proxy.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        CHAIN_CONTRACTS: JSON.stringify({ [CHAIN_ID]: contracts }),
        [`RPC_URL_${CHAIN_ID}`]: `http://127.0.0.1:${proxyPort}`,
        RPC_URL_1: `http://127.0.0.1:${port}`,
      },
    });
  });

  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => hanging?.close(resolve));
    await new Promise((resolve) => proxy?.close(resolve));
  });

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });

  async function send(to: Hex, abi: typeof walletAbi, functionName: string, args: readonly unknown[]) {
    const hash = await anvil.walletClient(deployer).writeContract({ address: to, abi, functionName, args } as never);
    return anvil.publicClient.waitForTransactionReceipt({ hash });
  }

  async function deployedWallet(version: string): Promise<TestDeployment> {
    const d = await createDeployment(t, { chainId: CHAIN_ID, version: `${version}-evm`, contractAddress: null });
    const res = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/deploy-params?chainId=${CHAIN_ID}`)
      .set(as(d.members[0]))
      .expect(200);
    const params = res.body as {
      implementationAddress: Hex;
      initializerBytecode: Hex;
      nonce: string;
      deployerAddress: Hex;
    };
    const receipt = await send(params.deployerAddress, loadArtifact('ProxyFactory').abi, 'createInstance', [
      params.implementationAddress,
      params.initializerBytecode,
      BigInt(params.nonce),
    ]);
    expect(receipt.status).toBe('success');
    return d;
  }

  async function review(d: TestDeployment, operationId: string, member = d.members[0]): Promise<Review> {
    const res = await request(t.http)
      .get(queuePath(d.id, `/${operationId}/review`))
      .set(as(member));
    expect(res.status).toBe(200);
    return res.body as Review;
  }

  async function payout(d: TestDeployment, currencyId: string, amount: string, toAddress: string): Promise<string> {
    const res = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set(as(d.members[1]))
      .send({ deploymentId: d.id, currencyId, amount, toAddress });
    expect(res.status).toBe(201);
    return res.body.queueOperationId as string;
  }

  async function configChange(d: TestDeployment, approvers: string[], threshold: number, calls: object[]) {
    const res = await request(t.http)
      .post(queuePath(d.id, '/multisig-config'))
      .set(as(d.members[0]))
      .send({ approvers, threshold, calls });
    expect(res.status).toBe(201);
    return (res.body as OperationBody).id;
  }

  /**
   * The digest three ways (the service's, viem's over the review's typed data, the wallet's own
   * `getDigest`); then two approvers sign the review's typed data as a wallet would and the API's
   * blob executes on chain.
   */
  async function signReviewAndExecute(d: TestDeployment, version: string, operationId: string): Promise<Review> {
    const r = await review(d, operationId);
    expect(r.digest).toMatch(/^0x[0-9a-f]{64}$/);
    expect(hashTypedData(r.typedData)).toBe(r.digest);
    expect(r.typedData.types.EIP712Domain).toBeDefined();
    expect(r.typedData.domain).toEqual({
      name: 'MultiSigWallet',
      version,
      chainId: Number(CHAIN_ID),
      verifyingContract: getAddress(d.address),
    });
    const calls = r.typedData.message.calls.map((call) => ({
      to: call.to,
      value: BigInt(call.value),
      data: call.data,
    }));
    const onChain = await anvil.publicClient.readContract({
      address: d.address as Hex,
      abi: walletAbi,
      functionName: 'getDigest',
      args: [calls, BigInt(r.typedData.message.nonce)],
    });
    expect(onChain).toBe(r.digest);
    for (const approver of [d.approvers[0], d.approvers[1]]) {
      const signature = await approver.wallet.account.signTypedData(r.typedData as never);
      const entry = version === '1.0.0' ? signature : packEntry(approver.address, signature);
      const res = await sign(t, d, approver, r.operationId, entry);
      expect(res.status).toBe(200);
    }
    const ready = await request(t.http)
      .get(queuePath(d.id, `/${operationId}`))
      .set(as(d.members[0]))
      .expect(200);
    expect(ready.body.status).toBe('READY');
    const receipt = await send(d.address as Hex, walletAbi, 'execute', [
      [{ calls, signatures: ready.body.signatureBlob as Hex, id: ready.body.executeOperationId as Hex }],
    ]);
    expect(receipt.status).toBe('success');
    return r;
  }

  it.each(['1.0.0', '1.1.0', '1.2.0'])(
    '%s: native payout, ERC-20 payout, config change and reject: the digest is the wallet’s, signatures over typedData execute',
    async (version) => {
      const d = await deployedWallet(version);
      await anvil.setBalance(d.address as Hex, parseEther('1'));
      await send(USDC, token.abi as never, 'mint', [d.address, parseUnits('100', 6)]);
      const native = evmWallet().address;
      const erc20 = evmWallet().address;

      // Native payout: decoded, simulated with its transfer, first-time payee.
      const nativeId = await payout(d, CHAIN_ID, '0.25', native);
      const nativeReview = await signReviewAndExecute(d, version, nativeId);
      expect(nativeReview.operationType).toBe('PAYOUT');
      expect(nativeReview.calls[0].decoded).toMatchObject({
        kind: 'NATIVE_TRANSFER',
        recipient: native,
        amount: '0.25',
        currency: { id: CHAIN_ID },
      });
      expect(nativeReview.simulation).toMatchObject({ status: 'SUCCESS', revertReason: null, reason: null });
      expect(nativeReview.simulation.transfers).toEqual([
        expect.objectContaining({
          currency: expect.objectContaining({ id: CHAIN_ID }),
          from: getAddress(d.address),
          to: native,
          amount: '0.25',
        }),
      ]);
      expect(nativeReview.warnings).toEqual([
        expect.objectContaining({ code: 'FIRST_TIME_PAYEE', severity: 'INFO', callIndex: 0 }),
      ]);
      expect(await anvil.publicClient.getBalance({ address: native as Hex })).toBe(parseEther('0.25'));

      // ERC-20 payout: whole units with the catalog's decimals.
      const tokenId = await payout(d, USDC_ID, '12.5', erc20);
      const tokenReview = await signReviewAndExecute(d, version, tokenId);
      expect(tokenReview.calls[0].decoded).toMatchObject({
        kind: 'TOKEN_TRANSFER',
        recipient: erc20,
        amount: '12.5',
        currency: { id: USDC_ID, decimals: 6 },
      });
      expect(tokenReview.simulation.status).toBe('SUCCESS');
      expect(tokenReview.simulation.transfers).toEqual([
        expect.objectContaining({ currency: expect.objectContaining({ id: USDC_ID }), to: erc20, amount: '12.5' }),
      ]);

      // Config change: one approver out, threshold 2 → 1.
      const approversAfter = [d.approvers[0].address, d.approvers[1].address];
      const configId = await configChange(d, approversAfter, 1, [
        {
          to: d.address,
          value: '0',
          data: encodeFunctionData({ abi: walletAbi, functionName: 'setConfig', args: [approversAfter, 1n] }),
        },
      ]);
      const configReview = await signReviewAndExecute(d, version, configId);
      expect(configReview.calls[0].decoded).toMatchObject({
        kind: 'SET_CONFIG',
        approvers: approversAfter,
        threshold: 1,
      });
      expect(configReview.config).toEqual({
        approversBefore: expect.arrayContaining(d.approvers.map((approver) => approver.address)),
        approversAfter,
        thresholdBefore: 2,
        thresholdAfter: 1,
      });
      expect(configReview.warnings.map((warning) => [warning.code, warning.severity])).toEqual([
        ['APPROVER_REMOVED', 'WARNING'],
        ['THRESHOLD_LOWERED', 'WARNING'],
      ]);
      expect(configReview.warnings[0].message).toContain(d.approvers[2].address);
      expect(configReview.simulation.status).toBe('SUCCESS');

      // Reject: no calls; the service still knows nothing of the executions above, so nonce 3.
      const reject = await request(t.http)
        .post(queuePath(d.id, '/reject'))
        .set(as(d.members[0]))
        .send({ nonce: '3' })
        .expect(201);
      const rejectReview = await signReviewAndExecute(d, version, reject.body.id as string);
      expect(rejectReview.calls).toEqual([]);
      expect(rejectReview.config).toBeNull();
      expect(
        await anvil.publicClient.readContract({ address: d.address as Hex, abi: walletAbi, functionName: 'nonce' }),
      ).toBe(4n);
    },
  );

  it('8 calls simulate in one round trip with eth_simulateV1; without it, in one batch of eth_call', async () => {
    const d = await deployedWallet('1.2.0');
    await anvil.setBalance(d.address as Hex, parseEther('1'));
    await send(USDC, token.abi as never, 'mint', [d.address, parseUnits('100', 6)]);
    const payees = Array.from({ length: 8 }, () => evmWallet().address as Hex);
    const calls = payees.map((payee, index) =>
      index % 2 === 0
        ? { to: payee, value: parseEther('0.01').toString(), data: '0x' }
        : {
            to: USDC,
            value: '0',
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payee, parseUnits('2', 6)] }),
          },
    );
    const id = await configChange(
      d,
      d.approvers.map((approver) => approver.address),
      2,
      calls,
    );
    proxied.length = 0;
    const simulated = await review(d, id);
    expect(proxied).toEqual(['eth_simulateV1']);
    expect(simulated.simulation.status).toBe('SUCCESS');
    const moved = simulated.simulation.transfers.map((transfer) => [
      transfer.currency?.id,
      transfer.to,
      transfer.amount,
    ]);
    expect(moved).toEqual(
      payees.map((payee, index) => (index % 2 === 0 ? [CHAIN_ID, payee, '0.01'] : [USDC_ID, payee, '2'])),
    );

    withoutSimulateV1 = true;
    try {
      proxied.length = 0;
      const fallback = await review(d, id);
      expect(proxied).toEqual(['eth_simulateV1', `batch:eth_blockNumber,${Array(8).fill('eth_call').join(',')}`]);
      expect(fallback.simulation.status).toBe('SUCCESS');
      expect(fallback.simulation.blockNumber).toEqual(expect.stringMatching(/^\d+$/));
      expect(
        fallback.simulation.transfers.map((transfer) => [transfer.currency?.id, transfer.to, transfer.amount]),
      ).toEqual(moved);
      // A call the node refuses: REVERTED, naming the call.
      const tooMuch = await payout(d, CHAIN_ID, '5', evmWallet().address);
      const reverted = await review(d, tooMuch);
      expect(reverted.simulation.status).toBe('REVERTED');
      expect(reverted.warnings[0]).toMatchObject({ code: 'SIMULATION_REVERTED', severity: 'CRITICAL', callIndex: 0 });
    } finally {
      withoutSimulateV1 = false;
    }
  });

  it('the review answers by executeOperationId too, and a payout above the balance simulates REVERTED', async () => {
    const d = await deployedWallet('1.2.0');
    await anvil.setBalance(d.address as Hex, parseEther('0.1'));
    const id = await payout(d, CHAIN_ID, '5', evmWallet().address);
    const executeId = `0x${'0'.repeat(32)}${id.replace(/-/g, '')}`;
    const r = await review(d, executeId);
    expect(r.operationId).toBe(id);
    expect(r.simulation.status).toBe('REVERTED');
    expect(r.simulation.revertReason).toEqual(expect.any(String));
    expect(r.simulation.revertReason?.length).toBeGreaterThan(0);
    expect(r.warnings[0]).toMatchObject({ code: 'SIMULATION_REVERTED', severity: 'CRITICAL' });
  });

  it('decodes contract calls of known ABIs, claimTo, and unknown selectors (with UNKNOWN_CALL)', async () => {
    const d = await deployedWallet('1.2.0');
    const spender = evmWallet().address;
    const recipient = evmWallet().address;
    const stranger = evmWallet().address;
    const id = await configChange(
      d,
      d.approvers.map((approver) => approver.address),
      2,
      [
        {
          to: USDC,
          value: '0',
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, 7n] }),
        },
        {
          to: d.address,
          value: '0',
          data: encodeFunctionData({
            abi: walletAbi,
            functionName: 'claimTo',
            args: ['0x0000000000000000000000000000000000000000', recipient, [`0x${'0'.repeat(63)}5`]],
          }),
        },
        { to: stranger, value: '0', data: '0xdeadbeef00' },
      ],
    );
    const r = await review(d, id);
    expect(r.calls.map((call) => call.decoded)).toEqual([
      {
        kind: 'CONTRACT_CALL',
        function: 'approve(address,uint256)',
        args: [
          { name: 'spender', type: 'address', value: spender },
          { name: 'amount', type: 'uint256', value: '7' },
        ],
      },
      expect.objectContaining({
        kind: 'CLAIM_TO',
        recipient,
        invoiceNonces: ['5'],
        currency: expect.objectContaining({ id: CHAIN_ID }),
      }),
      { kind: 'UNKNOWN', selector: '0xdeadbeef' },
    ]);
    expect(r.config).toBeNull();
    expect(r.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'UNKNOWN_CALL', severity: 'WARNING', callIndex: 2 }),
        expect.objectContaining({ code: 'FIRST_TIME_PAYEE', callIndex: 1 }),
      ]),
    );
  });

  it('no RPC for the chain: UNAVAILABLE with the reason; the hashes are still there', async () => {
    const d = await createDeployment(t, { chainId: '137', contractAddress: null });
    const id = await payout(d, '137', '1', evmWallet().address);
    const r = await review(d, id);
    expect(r.simulation).toEqual({
      status: 'UNAVAILABLE',
      blockNumber: null,
      revertReason: null,
      reason: expect.stringContaining('no RPC node'),
      transfers: [],
    });
    expect(hashTypedData(r.typedData)).toBe(r.digest);
  });

  it('a node that never answers: UNAVAILABLE within 3 s, and the review still answers', async () => {
    const d = await createDeployment(t, { chainId: '1', contractAddress: null });
    const id = await payout(d, '1', '1', evmWallet().address);
    const started = Date.now();
    const r = await review(d, id);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(r.simulation.status).toBe('UNAVAILABLE');
    expect(r.simulation.reason).toMatch(/did not answer within/);
    expect(r.simulation.reason).not.toContain('127.0.0.1');
    expect(r.calls[0].decoded).toMatchObject({ kind: 'NATIVE_TRANSFER', amount: '1' });
  });

  it('Tron: the digest is computed from the 20-byte forms, and the simulation is UNAVAILABLE', async () => {
    const d = await createDeployment(t, { chainId: TRON_MAINNET });
    const to = d.members[2].address;
    const id = await payout(d, TRON_MAINNET, '3', to);
    const r = await review(d, id);
    expect(hashTypedData(r.typedData)).toBe(r.digest);
    expect(r.typedData.domain).toMatchObject({ chainId: Number(TRON_MAINNET), version: '1.2.0' });
    expect(r.calls[0].decoded).toMatchObject({ kind: 'NATIVE_TRANSFER', recipient: to, amount: '3' });
    expect(r.simulation).toMatchObject({ status: 'UNAVAILABLE', reason: expect.stringContaining('Tron') });
  });

  it('an operation behind a nonce with nothing READY warns BLOCKED_BY_EARLIER_NONCE', async () => {
    const d = await createDeployment(t, { chainId: '137', contractAddress: null });
    await payout(d, '137', '1', evmWallet().address);
    const second = await payout(d, '137', '1', evmWallet().address);
    const r = await review(d, second);
    expect(r.nonce).toBe('1');
    expect(r.warnings).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'BLOCKED_BY_EARLIER_NONCE', severity: 'INFO' })]),
    );
  });

  it('404 for an unknown operation and for a non-member', async () => {
    const d = await createDeployment(t, { chainId: '137', contractAddress: null });
    const id = await payout(d, '137', '1', evmWallet().address);
    const unknown = await request(t.http)
      .get(queuePath(d.id, '/01890a5d-ac96-774b-bcce-b302099a8057/review'))
      .set(as(d.members[0]));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('OPERATION_NOT_FOUND');
    const other = await createDeployment(t, { chainId: '137', contractAddress: null });
    const foreign = await request(t.http)
      .get(queuePath(d.id, `/${id}/review`))
      .set(as(other.members[0]));
    expect(foreign.status).toBe(404);
  });
});
