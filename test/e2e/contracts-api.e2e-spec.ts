import request from 'supertest';
import { encodeFunctionData, getAddress, parseEther, parseUnits, toHex, type Abi, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';
import {
  deployArtifact,
  deployWalletContracts,
  describeWithAnvil,
  loadArtifact,
  startAnvil,
  type Anvil,
} from '../support/anvil';
import { createDeployment, evmWallet, type TestDeployment, type TestMember } from '../support/builders';
import { eventId, TEST_INDEXER_KEY, ingest } from '../support/chain-events';
import { claimEvent, transfer } from '../support/invoices';
import { executionEvent, queuePath, sign, submission, type OperationBody } from '../support/queue';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The whole money path on a real EVM (anvil), driven through the API: wallets are created from
 * deploy-params, operations signed through the API execute with its signatureBlob, invoice
 * addresses receive deposits that `claim` sweeps, payouts move tokens. The anvil chain runs with
 * Sepolia's chain id so the catalog's Sepolia network and currencies apply; the Sepolia USDC
 * address gets the code of our test token.
 */
const CHAIN_ID = '11155111';
const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const USDC_ID = `${CHAIN_ID}-${USDC.toLowerCase()}`;
const ZERO = '0x0000000000000000000000000000000000000000';

describeWithAnvil('contracts and the API on anvil (docs/contract.md, The contracts)', () => {
  let anvil: Anvil;
  let t: TestApp;
  let deployer: PrivateKeyAccount;
  let contracts: ChainContracts;
  const token = loadArtifact('TestToken');
  const walletAbi = loadArtifact('MultiSigWallet_1_2_0').abi;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: Number(CHAIN_ID) });
    deployer = await anvil.fundedAccount();
    contracts = await deployWalletContracts(anvil, deployer);
    // Sepolia's USDC address runs our test token (storage empty: balances start at zero).
    await anvil.publicClient.request({
      method: 'anvil_setCode',
      params: [USDC, loadArtifact('TestToken').deployedBytecode],
    } as never);
    t = await createTestApp({
      env: { INDEXER_API_KEY: TEST_INDEXER_KEY, CHAIN_CONTRACTS: JSON.stringify({ [CHAIN_ID]: contracts }) },
    });
  });

  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  const as = (member: TestMember) => ({ 'x-api-key': member.apiKey });

  async function send(from: PrivateKeyAccount, to: Hex, abi: Abi, functionName: string, args: readonly unknown[]) {
    const hash = await anvil.walletClient(from).writeContract({ address: to, abi, functionName, args } as never);
    const receipt = await anvil.publicClient.waitForTransactionReceipt({ hash });
    return receipt;
  }

  const balanceOf = (erc20: Hex, holder: string) =>
    anvil.publicClient.readContract({
      address: erc20,
      abi: token.abi,
      functionName: 'balanceOf',
      args: [holder],
    }) as Promise<bigint>;

  /** An account on `version` whose wallet the factory creates from the API's deploy-params. */
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
    expect(params.deployerAddress).toBe(contracts.factory);
    expect(params.implementationAddress).toBe(contracts.implementations[version as '1.0.0']);
    expect(await anvil.publicClient.getCode({ address: d.address as Hex })).toBeUndefined();
    const receipt = await send(deployer, params.deployerAddress, loadArtifact('ProxyFactory').abi, 'createInstance', [
      params.implementationAddress,
      params.initializerBytecode,
      BigInt(params.nonce),
    ]);
    expect(receipt.status).toBe('success');
    // The wallet is where the API said it would be, with the account's approvers and threshold.
    expect(await anvil.publicClient.getCode({ address: d.address as Hex })).toBeDefined();
    const owners = (await anvil.publicClient.readContract({
      address: d.address as Hex,
      abi: walletAbi,
      functionName: 'owners',
    })) as Hex[];
    expect([...owners].sort()).toEqual(d.approvers.map((approver) => getAddress(approver.address)).sort());
    return d;
  }

  /** Two of the three approvers sign through the API; returns the operation as the API then shows it. */
  async function signByTwo(d: TestDeployment, version: string, operation: OperationBody) {
    for (const approver of [d.approvers[2], d.approvers[0]]) {
      const res = await sign(t, d, approver, operation.id, await submission(approver, d, `${version}-evm`, operation));
      expect(res.status).toBe(200);
    }
    const res = await request(t.http)
      .get(queuePath(d.id, `/${operation.id}`))
      .set(as(d.members[0]))
      .expect(200);
    expect(res.body.status).toBe('READY');
    return res.body as OperationBody & { signatureBlob: Hex; executeOperationId: Hex };
  }

  /** Anyone (here the deployer) submits the API's operation to the wallet; the indexer reports it. */
  async function executeOnChain(
    d: TestDeployment,
    operation: OperationBody & { signatureBlob: Hex; executeOperationId: Hex },
  ) {
    const receipt = await send(deployer, d.address as Hex, walletAbi, 'execute', [
      [
        {
          calls: operation.calls.map((call) => ({ to: call.to, value: BigInt(call.value), data: call.data })),
          signatures: operation.signatureBlob,
          id: operation.executeOperationId,
        },
      ],
    ]);
    expect(receipt.status).toBe('success');
    const [event] = await anvil.publicClient.getContractEvents({
      address: d.address as Hex,
      abi: walletAbi,
      eventName: 'ExecuteSuccess',
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(event.args).toMatchObject({ nonce: BigInt(operation.nonce), id: operation.executeOperationId });
    const [result] = await ingest(t, [
      {
        ...executionEvent(d, [operation.id], 'EXECUTED', receipt.transactionHash, eventId()),
        blockNumber: String(receipt.blockNumber),
      },
    ]);
    expect(result.error).toBeNull();
    return receipt;
  }

  async function createPayout(d: TestDeployment, currencyId: string, amount: string, toAddress: string) {
    const res = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set(as(d.members[1]))
      .send({ deploymentId: d.id, currencyId, amount, toAddress });
    expect(res.status).toBe(201);
    const operation = await request(t.http)
      .get(queuePath(d.id, `/${res.body.queueOperationId}`))
      .set(as(d.members[0]))
      .expect(200);
    return { payout: res.body as { id: string }, operation: operation.body as OperationBody };
  }

  it.each(['1.0.0', '1.1.0', '1.2.0'])(
    '%s: a wallet from deploy-params executes a native payout signed through the API by 2 of 3',
    async (version) => {
      const d = await deployedWallet(version);
      await anvil.setBalance(d.address as Hex, parseEther('1'));
      const recipient = evmWallet().address;
      const { payout, operation } = await createPayout(d, CHAIN_ID, '0.25', recipient);
      const ready = await signByTwo(d, version, operation);
      await executeOnChain(d, ready);
      expect(await anvil.publicClient.getBalance({ address: recipient as Hex })).toBe(parseEther('0.25'));
      // The same blob again is a replay: its nonce is consumed.
      const replay = await anvil.publicClient
        .simulateContract({
          account: deployer,
          address: d.address as Hex,
          abi: walletAbi,
          functionName: 'execute',
          args: [
            [
              {
                calls: ready.calls.map((call) => ({ to: call.to, value: BigInt(call.value), data: call.data })),
                signatures: ready.signatureBlob,
                id: ready.executeOperationId,
              },
            ],
          ],
        })
        .then(
          () => 'executed',
          (error: Error) => error.message,
        );
      expect(replay).toMatch(/SignerNotOwner|SignersNotAscending|InvalidSignature/);
      expect(
        await anvil.publicClient.readContract({ address: d.address as Hex, abi: walletAbi, functionName: 'nonce' }),
      ).toBe(1n);
      const after = await request(t.http).get(`/api/v1/deployments/${d.id}/payouts/${payout.id}`).set(as(d.members[0]));
      expect(after.body.status).toBe('EXECUTED');
    },
  );

  it('a config change created and signed through the API executes on chain', async () => {
    const d = await deployedWallet('1.2.0');
    const newApprover = evmWallet().address;
    const approvers = [d.approvers[0].address, newApprover];
    const calls = [
      {
        to: d.address,
        value: '0',
        data: encodeFunctionData({ abi: walletAbi, functionName: 'setConfig', args: [approvers, 1n] }),
      },
    ];
    const res = await request(t.http)
      .post(queuePath(d.id, '/multisig-config'))
      .set(as(d.members[0]))
      .send({ approvers, threshold: 1, calls })
      .expect(201);
    const ready = await signByTwo(d, '1.2.0', res.body as OperationBody);
    await executeOnChain(d, ready);
    const read = (functionName: string) =>
      anvil.publicClient.readContract({ address: d.address as Hex, abi: walletAbi, functionName } as never);
    expect(await read('owners')).toEqual(approvers.map((approver) => getAddress(approver)));
    expect(await read('threshold')).toBe(1n);
  });

  it('deposits to API invoice addresses (native, ERC-20, a token returning nothing) are claimed into the wallet', async () => {
    const d = await deployedWallet('1.1.0');
    const noReturn = await deployArtifact(anvil, deployer, loadArtifact('NoReturnToken'));
    const invoices: { id: string; invoiceAddress: Hex }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(t.http)
        .post(`/api/v1/deployments/${d.id}/invoices`)
        .set(as(d.members[0]))
        .send({ requestedAmount: null, paymentPageButtonUrl: null, paymentPageButtonText: null })
        .expect(201);
      invoices.push(res.body as { id: string; invoiceAddress: Hex });
    }
    const payer = await anvil.fundedAccount();
    const payerWallet = anvil.walletClient(payer);
    const native = await payerWallet.sendTransaction({ to: invoices[0].invoiceAddress, value: parseEther('0.3') });
    await anvil.publicClient.waitForTransactionReceipt({ hash: native });
    await send(deployer, USDC, token.abi, 'mint', [invoices[1].invoiceAddress, parseUnits('12.5', 6)]);
    await send(deployer, noReturn, token.abi, 'mint', [invoices[2].invoiceAddress, 77n]);

    // The indexer reports the two catalog-currency deposits; the claims endpoint names their ids.
    await ingest(t, [
      transfer(d, invoices[0].invoiceAddress, CHAIN_ID, parseEther('0.3').toString(), 'CONFIRMED', { hash: native }),
      transfer(d, invoices[1].invoiceAddress, USDC_ID, '12500000', 'CONFIRMED'),
    ]);
    const claims = await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set(as(d.members[0])).expect(200);
    const idOf = (invoiceId: string): Hex => {
      const item = (claims.body.items as { invoiceId: string; invoiceNonce: string }[]).find(
        (entry) => entry.invoiceId === invoiceId,
      );
      if (item === undefined) throw new Error(`no claim item for ${invoiceId}`);
      // docs/contract.md, Wire details: 64 hex digits (the SDK passes 0x + it); a decimal nonce until that lands here.
      return /^[0-9a-f]{64}$/.test(item.invoiceNonce)
        ? `0x${item.invoiceNonce}`
        : toHex(BigInt(item.invoiceNonce), { size: 32 });
    };
    const owner = d.approvers[0].wallet.account;
    await anvil.setBalance(owner.address, parseEther('1'));
    const nativeClaim = await send(owner, d.address as Hex, walletAbi, 'claim', [ZERO, [idOf(invoices[0].id)]]);
    expect(nativeClaim.status).toBe('success');
    const tokenClaim = await send(owner, d.address as Hex, walletAbi, 'claim', [USDC, [idOf(invoices[1].id)]]);
    const [claimLog] = await anvil.publicClient.getContractEvents({
      address: d.address as Hex,
      abi: walletAbi,
      eventName: 'Claim',
      fromBlock: tokenClaim.blockNumber,
      toBlock: tokenClaim.blockNumber,
    });
    expect(claimLog.args).toMatchObject({ deposit: invoices[1].invoiceAddress, token: USDC, tokenAmount: 12_500_000n });
    // The third invoice's nonce is 2: invoice nonces are gap-free per deployment (docs/contract.md, Invoices).
    await send(owner, d.address as Hex, walletAbi, 'claim', [noReturn, [toHex(2n, { size: 32 })]]);

    expect(await anvil.publicClient.getBalance({ address: d.address as Hex })).toBe(parseEther('0.3'));
    expect(await balanceOf(USDC, d.address)).toBe(12_500_000n);
    expect(await balanceOf(noReturn, d.address)).toBe(77n);
    for (const invoice of invoices) {
      expect(await anvil.publicClient.getCode({ address: invoice.invoiceAddress })).toBeUndefined();
      expect(await anvil.publicClient.getBalance({ address: invoice.invoiceAddress })).toBe(0n);
    }
    // The indexer reports the claim; the API no longer lists it as claimable.
    await ingest(t, [
      claimEvent(
        d,
        USDC_ID,
        [claims.body.items.find((i: { invoiceId: string }) => i.invoiceId === invoices[1].id).invoiceNonce],
        'CONFIRMED',
        tokenClaim.transactionHash,
      ),
    ]);
    const after = await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set(as(d.members[0])).expect(200);
    expect((after.body.items as { invoiceId: string }[]).map((item) => item.invoiceId)).toEqual([invoices[0].id]);
  });

  it('a token payout created through the API moves the token to the recipient', async () => {
    const d = await deployedWallet('1.2.0');
    await send(deployer, USDC, token.abi, 'mint', [d.address, parseUnits('100', 6)]);
    const recipient = evmWallet().address;
    const { operation } = await createPayout(d, USDC_ID, '40.5', recipient);
    expect(operation.calls).toEqual([
      {
        to: USDC,
        value: '0',
        data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [recipient, 40_500_000n] }),
      },
    ]);
    await executeOnChain(d, await signByTwo(d, '1.2.0', operation));
    expect(await balanceOf(USDC, recipient)).toBe(40_500_000n);
    expect(await balanceOf(USDC, d.address)).toBe(59_500_000n);
  });
});
