import request from 'supertest';
import { concat, encodeFunctionData, getAddress, type Hex, parseEther, toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { PROXY_FACTORY_ARTIFACT, WALLET_ARTIFACTS } from '../../src/modules/contracts/contract-artifacts';
import type { ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';
import { IndexerService } from '../../src/modules/chain/infrastructure/indexer.service';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import {
  type Anvil,
  deployArtifact,
  deployWalletContracts,
  describeWithAnvil,
  predictedWalletAddress,
  eventuallyPasses,
  loadArtifact,
  startAnvil,
} from '../support/anvil';
import { createMember, evmWallet, type TestMember } from '../support/builders';
import { TEST_INDEXER_KEY } from '../support/chain-events';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { EXECUTE_TYPES, executeIdOf } from '../support/queue';

/**
 * The built-in indexer against a real EVM (anvil as Sepolia, 3 required confirmations): money
 * sent with viem reaches invoices, the queue, payouts, claims and deployments through the
 * indexer alone. A scratch database, because the catalog's EVM versions get the real
 * DepositAccount init-code hash and EIP-712 name of the compiled contracts.
 */
const CHAIN = '11155111';
const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const USDC_ID = `${CHAIN}-${USDC.toLowerCase()}`;
const WALLET_ABI = WALLET_ARTIFACTS['1.2.0'].abi;
const TOKEN_ABI = loadArtifact('TestToken').abi;

interface TxItem {
  id: string;
  direction: string;
  status: string;
  confirmations: number;
  txHash: string;
  amount: string;
  currencyId: string;
  operationType: string;
  invoiceId: string | null;
}

describeWithAnvil('built-in indexer on anvil', () => {
  let anvil: Anvil;
  let db: ScratchDatabase;
  let t: TestApp;
  let deployer: PrivateKeyAccount;
  let payer: PrivateKeyAccount;
  let contracts: ChainContracts;
  let saltNonce = 1n;

  const env = (rpcUrl: string, factory: string) => ({
    INDEXER_API_KEY: TEST_INDEXER_KEY,
    INDEXER_ENABLED: 'true',
    INDEXER_POLL_INTERVAL_MS: '50',
    INDEXER_BATCH_BLOCKS: '4',
    INDEXER_CHAINS: JSON.stringify({ [CHAIN]: { rpcUrl, startBlock: '0', factory } }),
  });

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: Number(CHAIN) });
    deployer = await anvil.fundedAccount();
    payer = await anvil.fundedAccount();
    contracts = await deployWalletContracts(anvil, deployer);
    // The catalog's Sepolia USDC address runs the test token.
    const token = await deployArtifact(anvil, deployer, loadArtifact('TestToken'));
    const code = await anvil.publicClient.getCode({ address: token });
    await anvil.rpc('anvil_setCode', [USDC, code]);
    await anvil.send(deployer, USDC, TOKEN_ABI, 'mint', [payer.address, 10n ** 12n]);

    db = await createScratchDatabase('indexer');
    t = await createTestApp({ databaseUrl: db.url, env: env(anvil.rpcUrl, contracts.factory) });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await anvil?.stop();
  });

  async function sendNative(to: string, value: bigint): Promise<Hex> {
    const hash = await anvil.walletClient(payer).sendTransaction({ to: to as Hex, value });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  const eventually = <T>(check: () => Promise<T>, timeoutMs = 20_000) => eventuallyPasses(check, timeoutMs);

  interface Deployment {
    id: string;
    accountId: string;
    address: Hex;
    owner: TestMember;
    initializer: Hex;
    nonce: bigint;
    implementation: Hex;
  }

  /** An account whose single approver owns a wallet; `onChain` creates it through the factory now. */
  async function deployment(options: { onChain: boolean } = { onChain: true }): Promise<Deployment> {
    const wallet = evmWallet();
    const owner = await createMember(t, wallet);
    const initializer = encodeFunctionData({
      abi: WALLET_ABI,
      functionName: 'initialize',
      args: [[wallet.address], 1n],
    });
    const nonce = saltNonce++;
    const implementation = contracts.implementations['1.2.0'];
    const address = predictedWalletAddress(contracts.factory, implementation, initializer, nonce);
    const service = t.app.get(DeploymentsService);
    // No CHAIN_CONTRACTS here, so the account takes the address this test predicts for its own salt.
    const account = await service.createAccount({
      name: 'Indexer team',
      members: [owner.address],
      smartContractVersionId: '1.2.0-evm',
      threshold: 1,
      address,
    });
    const { id } = await service.createDeployment({ accountId: account.id, chainId: CHAIN, status: 'not_deployed' });
    const created = { id, accountId: account.id, address, owner, initializer, nonce, implementation };
    if (options.onChain) await createOnChain(created);
    return created;
  }

  async function createOnChain(d: { initializer: Hex; nonce: bigint; implementation: Hex }) {
    return anvil.send(deployer, contracts.factory, PROXY_FACTORY_ARTIFACT.abi, 'createInstance', [
      d.implementation,
      d.initializer,
      d.nonce,
    ]);
  }

  const as = (d: Deployment) => ({ 'x-api-key': d.owner.apiKey });

  async function invoice(d: Deployment, requestedAmount: string | null, currencyIds: string[]) {
    const res = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set(as(d))
      .send({ requestedAmount, currencyIds, paymentPageButtonUrl: null, paymentPageButtonText: null })
      .expect(201);
    return res.body as { id: string; invoiceAddress: string; status: string };
  }

  async function invoiceStatus(d: Deployment, id: string): Promise<{ status: string; paidAmount: string | null }> {
    const res = await request(t.http).get(`/api/v1/deployments/${d.id}/invoices/${id}`).set(as(d)).expect(200);
    return (res.body as { invoice: { status: string; paidAmount: string | null } }).invoice;
  }

  async function transactions(d: Deployment): Promise<TxItem[]> {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions?pageSize=100`)
      .set(as(d))
      .expect(200);
    return (res.body as { items: TxItem[] }).items;
  }

  async function txOf(d: Deployment, hash: string): Promise<TxItem[]> {
    return (await transactions(d)).filter((item) => item.txHash === hash.toLowerCase());
  }

  it('native and token deposits are EXECUTED (mined) with growing confirmations, then CONFIRMED, and only then pay their invoices', async () => {
    const d = await deployment({ onChain: false });
    const native = await invoice(d, '0.5', [CHAIN]);
    const token = await invoice(d, '25', [USDC_ID]);
    const nativeHash = await sendNative(native.invoiceAddress, parseEther('0.5'));
    const tokenReceipt = await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [token.invoiceAddress, 25_000_000n]);

    // The token transfer's block is the head: 1 confirmation; the native one's has 2.
    await eventually(async () => {
      const [seen] = await txOf(d, tokenReceipt.transactionHash);
      expect(seen).toMatchObject({ status: 'EXECUTED', confirmations: 1, amount: '25', currencyId: USDC_ID });
      expect(seen.invoiceId).toBe(token.id);
    });
    await eventually(async () => {
      expect(await txOf(d, nativeHash)).toEqual([
        expect.objectContaining({ status: 'EXECUTED', confirmations: 2, amount: '0.5', operationType: 'invoice' }),
      ]);
    });
    expect(await invoiceStatus(d, token.id)).toMatchObject({ status: 'CREATED', paidAmount: '0' });
    expect(await invoiceStatus(d, native.id)).toMatchObject({ status: 'CREATED', paidAmount: '0' });

    await anvil.mine(1);
    await eventually(async () => {
      expect(await txOf(d, tokenReceipt.transactionHash)).toEqual([
        expect.objectContaining({ status: 'EXECUTED', confirmations: 2 }),
      ]);
      expect(await txOf(d, nativeHash)).toEqual([expect.objectContaining({ status: 'CONFIRMED', confirmations: 3 })]);
    });
    expect((await invoiceStatus(d, native.id)).status).toBe('PAID');
    expect((await invoiceStatus(d, token.id)).status).toBe('CREATED');

    await anvil.mine(1);
    await eventually(async () => {
      expect(await txOf(d, tokenReceipt.transactionHash)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', confirmations: 3 }),
      ]);
      expect(await invoiceStatus(d, token.id)).toMatchObject({ status: 'PAID', paidAmount: '25' });
    });
  });

  it('a mined deposit dropped by a reorg before it confirmed is FAILED and leaves the invoice unpaid', async () => {
    const d = await deployment({ onChain: false });
    const inv = await invoice(d, '1', [CHAIN]);
    const snapshot = await anvil.rpc('evm_snapshot', []);
    const hash = await sendNative(inv.invoiceAddress, parseEther('1'));
    await eventually(async () => {
      expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'EXECUTED', confirmations: 1 })]);
    });
    expect(await invoiceStatus(d, inv.id)).toMatchObject({ status: 'CREATED', paidAmount: '0' });
    expect(await anvil.rpc('evm_revert', [snapshot])).toBe(true);
    await anvil.mine(4);
    await eventually(async () => {
      expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
    });
    await anvil.mine(4);
    await waitForIndexerAtHead();
    expect(await invoiceStatus(d, inv.id)).toMatchObject({ status: 'CREATED', paidAmount: '0' });
    expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  async function waitForIndexerAtHead(): Promise<void> {
    const head = await anvil.publicClient.getBlockNumber();
    await eventually(async () => {
      const res = await request(t.http)
        .get('/internal/v1/indexer/status')
        .set('x-indexer-key', TEST_INDEXER_KEY)
        .expect(200);
      const [chain] = (res.body as { chains: { checkpoint: string }[] }).chains;
      expect(BigInt(chain.checkpoint)).toBeGreaterThanOrEqual(head);
    });
  }

  it('stopping and restarting the indexer mid-stream loses and doubles nothing', async () => {
    const d = await deployment({ onChain: false });
    const inv = await invoice(d, null, [CHAIN]);
    const indexer = t.app.get(IndexerService);
    const hashes: Hex[] = [];
    await indexer.stop();
    for (let i = 0; i < 12; i++) {
      hashes.push(await sendNative(inv.invoiceAddress, BigInt(i + 1)));
      await anvil.mine(2);
    }
    // Start, let it take a few 4-block steps, stop in the middle of the backlog, start again.
    for (let round = 0; round < 3; round++) {
      indexer.start();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await indexer.stop();
    }
    indexer.start();
    await anvil.mine(3);
    await eventually(async () => {
      const rows = (await transactions(d)).filter((item) => item.invoiceId === inv.id);
      expect(rows).toHaveLength(12);
      expect(rows.every((row) => row.status === 'CONFIRMED')).toBe(true);
      expect(new Set(rows.map((row) => row.txHash))).toEqual(new Set(hashes.map((hash) => hash.toLowerCase())));
    }, 30_000);
    // 1 + 2 + … + 12 wei: each deposit counted exactly once.
    expect((await invoiceStatus(d, inv.id)).paidAmount).toBe('0.000000000000000078');
  });

  it('another instance takes the chain over when the leader goes away', async () => {
    const second = await createTestApp({ databaseUrl: db.url, env: env(anvil.rpcUrl, contracts.factory) });
    try {
      const status = async (app: TestApp) =>
        (
          (
            await request(app.http)
              .get('/internal/v1/indexer/status')
              .set('x-indexer-key', TEST_INDEXER_KEY)
              .expect(200)
          ).body as { chains: { leader: boolean; lag: number | null }[] }
        ).chains[0];
      await eventually(async () => expect((await status(t)).leader).toBe(true));
      expect((await status(second)).leader).toBe(false);

      await t.app.get(IndexerService).stop();
      await eventually(async () => expect((await status(second)).leader).toBe(true));
      const d = await deployment({ onChain: false });
      const inv = await invoice(d, '0.25', [CHAIN]);
      const hash = await sendNative(inv.invoiceAddress, parseEther('0.25'));
      await anvil.mine(2);
      await eventually(async () => {
        expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'CONFIRMED' })]);
        expect((await invoiceStatus(d, inv.id)).status).toBe('PAID');
      });
      const ready = await request(t.http).get('/health/ready').expect(200);
      expect(ready.body).toMatchObject({ status: 'ok', indexer: { chains: [{ chainId: CHAIN }] } });
    } finally {
      await second.close();
      t.app.get(IndexerService).start();
    }
    await eventually(async () => {
      const res = await request(t.http).get('/internal/v1/indexer/status').set('x-indexer-key', TEST_INDEXER_KEY);
      expect((res.body as { chains: { leader: boolean }[] }).chains[0].leader).toBe(true);
    });
  });

  it('a leader whose lock connection dies stops, and the chain is led again', async () => {
    const lockHolders = async () =>
      (
        (await t.dataSource.query(
          `SELECT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = $1 AND a.datname = current_database()`,
          [`indexer:${CHAIN}`],
        )) as { pid: number }[]
      ).map((row) => row.pid);
    const [before] = await eventually(async () => {
      const pids = await lockHolders();
      expect(pids).toHaveLength(1);
      return pids;
    });
    await t.dataSource.query(`SELECT pg_terminate_backend($1)`, [before]);
    await eventually(async () => {
      const pids = await lockHolders();
      expect(pids).toHaveLength(1);
      expect(pids[0]).not.toBe(before);
    });
    const d = await deployment({ onChain: false });
    const inv = await invoice(d, '0.5', [CHAIN]);
    const hash = await sendNative(inv.invoiceAddress, parseEther('0.5'));
    await anvil.mine(2);
    await eventually(async () => {
      expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'CONFIRMED' })]);
    });
  });

  it('a wallet created through the factory becomes deployed', async () => {
    const d = await deployment({ onChain: false });
    const status = async () =>
      (
        (await t.dataSource.query(`SELECT deployment_status FROM deployments WHERE id = $1`, [d.id])) as {
          deployment_status: string;
        }[]
      )[0].deployment_status;
    expect(await status()).toBe('not_deployed');
    await createOnChain(d);
    // Mined is deployed: the wallet's code is on chain from its first confirmation.
    await eventually(async () => expect(await status()).toBe('deployed'));
    await anvil.mine(2);
    await eventually(async () => {
      const deploys = (await transactions(d)).filter((item) => item.operationType === 'deploy');
      expect(deploys).toEqual([expect.objectContaining({ status: 'CONFIRMED', direction: 'OUT' })]);
    });
  });

  it('a payout executed on chain becomes EXECUTED with its operation as soon as it is mined, then confirms', async () => {
    const d = await deployment();
    await anvil.setBalance(d.address, parseEther('5'));
    const recipient = evmWallet().address;
    const payout = (
      await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set(as(d))
        .send({ deploymentId: d.id, currencyId: CHAIN, amount: '0.1', toAddress: recipient })
        .expect(201)
    ).body as { id: string; queueOperationId: string };
    const operation = (
      await request(t.http)
        .get(`/api/v1/deployments/${d.id}/operations/${payout.queueOperationId}`)
        .set(as(d))
        .expect(200)
    ).body as { nonce: string; calls: { to: Hex; value: string; data: Hex }[] };
    const calls = operation.calls.map((call) => ({ to: call.to, value: BigInt(call.value), data: call.data }));
    const signature = await d.owner.wallet.account.signTypedData({
      domain: { name: 'MultiSigWallet', version: '1.2.0', chainId: Number(CHAIN), verifyingContract: d.address },
      types: EXECUTE_TYPES,
      primaryType: 'Execute',
      message: { calls, nonce: BigInt(operation.nonce) },
    });
    const blob = concat([d.owner.wallet.account.address, toHex(65, { size: 2 }), signature]);
    const receipt = await anvil.send(payer, d.address, WALLET_ABI, 'execute', [
      [{ calls, signatures: blob, id: executeIdOf(payout.queueOperationId) }],
    ]);
    // One confirmation, three required: the nonce is consumed on chain, so the operation is EXECUTED
    // now and nobody is invited to execute it again.
    await eventually(async () => {
      const op = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/operations/${payout.queueOperationId}`)
        .set(as(d))
        .expect(200);
      expect(op.body).toMatchObject({
        status: 'EXECUTED',
        txHash: receipt.transactionHash.toLowerCase(),
        canExecute: false,
      });
      const paid = await request(t.http).get(`/api/v1/deployments/${d.id}/payouts/${payout.id}`).set(as(d)).expect(200);
      expect(paid.body).toMatchObject({ status: 'EXECUTED' });
      expect(await txOf(d, receipt.transactionHash)).toEqual([
        expect.objectContaining({ status: 'EXECUTED', confirmations: 1, operationType: 'payout' }),
      ]);
    });
    await anvil.mine(2);
    await eventually(async () => {
      expect(await txOf(d, receipt.transactionHash)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', operationType: 'payout' }),
      ]);
    });
    expect(await anvil.publicClient.getBalance({ address: getAddress(recipient) })).toBe(parseEther('0.1'));
  });

  /** The claim item's deposit id as bytes32 (64 hex digits per docs/contract.md, Wire details; decimal accepted too). */
  const depositId = (invoiceNonce: string): Hex =>
    /^[0-9a-f]{64}$/.test(invoiceNonce) ? `0x${invoiceNonce}` : toHex(BigInt(invoiceNonce), { size: 32 });

  it('a claim on chain empties the claims list', async () => {
    const d = await deployment();
    const inv = await invoice(d, null, [CHAIN]);
    const onChain = (await anvil.publicClient.readContract({
      address: d.address,
      abi: WALLET_ABI,
      functionName: 'depositAddress',
      args: [toHex(0n, { size: 32 })],
    })) as Hex;
    expect(getAddress(onChain)).toBe(getAddress(inv.invoiceAddress));
    await sendNative(inv.invoiceAddress, parseEther('0.3'));
    await anvil.mine(2);
    const claims = async () =>
      (
        (await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set(as(d)).expect(200)).body as {
          items: { invoiceNonce: string; amount: string }[];
        }
      ).items;
    await eventually(async () => expect(await claims()).toEqual([expect.objectContaining({ amount: '0.3' })]));
    const [item] = await claims();
    await anvil.setBalance(d.owner.wallet.account.address, parseEther('1'));
    await anvil.send(d.owner.wallet.account, d.address, WALLET_ABI, 'claim', [
      '0x0000000000000000000000000000000000000000',
      [depositId(item.invoiceNonce)],
    ]);
    await anvil.mine(2);
    // Claimed once mined; the claim's own row confirms blocks later.
    await eventually(async () => expect(await claims()).toEqual([]));
    await eventually(async () =>
      expect((await transactions(d)).filter((row) => row.operationType === 'claim')).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', amount: '-0.3' }),
      ]),
    );
  });
  /** The account's balances on the chain as the API reports them, by currency id. */
  async function apiBalances(d: Deployment): Promise<{ balance: Map<string, string>; uncollected: string }> {
    const assets = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/balance/assets?chainId=${CHAIN}&baseCurrency=usd&pageSize=100`)
      .set(as(d))
      .expect(200);
    const summary = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/balance/summary?chainId=${CHAIN}&baseCurrency=usd`)
      .set(as(d))
      .expect(200);
    const items = (assets.body as { items: { currency: { id: string }; balance: string }[] }).items;
    return {
      balance: new Map(items.map((item) => [item.currency.id, item.balance])),
      uncollected: (summary.body as { uncollectedBalance: string }).uncollectedBalance,
    };
  }

  /** What the chain holds: the wallet's USDC (6 decimals) and ether, as decimal strings. */
  async function chainBalances(address: Hex): Promise<{ usdc: string; eth: string }> {
    const usdc = (await anvil.publicClient.readContract({
      address: USDC,
      abi: TOKEN_ABI,
      functionName: 'balanceOf',
      args: [address],
    } as never)) as bigint;
    const eth = await anvil.publicClient.getBalance({ address });
    const decimal = (value: bigint, decimals: number) => {
      const text = value.toString().padStart(decimals + 1, '0');
      const fraction = text.slice(-decimals).replace(/0+$/, '');
      return fraction === '' ? text.slice(0, -decimals) : `${text.slice(0, -decimals)}.${fraction}`;
    };
    return { usdc: decimal(usdc, 6), eth: decimal(eth, 18) };
  }

  async function expectBalancesEqualChain(d: Deployment, uncollected: string): Promise<void> {
    await waitForIndexerAtHead();
    const chain = await chainBalances(d.address);
    const api = await apiBalances(d);
    expect({ usdc: api.balance.get(USDC_ID) ?? '0', eth: api.balance.get(CHAIN) ?? '0' }).toEqual(chain);
    expect(api.uncollected).toBe(uncollected);
  }

  it('native and ERC-20 claims, and a claimTo through execute: balances equal the chain, and no sweep is a direct deposit', async () => {
    const d = await deployment();
    const tokenInvoice = await invoice(d, null, [USDC_ID]);
    const nativeInvoice = await invoice(d, null, [CHAIN]);
    const forwardedInvoice = await invoice(d, null, [USDC_ID]);
    await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [tokenInvoice.invoiceAddress, 7_000_000n]);
    await sendNative(nativeInvoice.invoiceAddress, parseEther('0.3'));
    await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [forwardedInvoice.invoiceAddress, 5_000_000n]);
    // Direct deposits into the wallet still count as such.
    await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [d.address, 2_000_000n]);
    await sendNative(d.address, parseEther('0.1'));
    await anvil.mine(3);
    // USDC 7 + 5 uncollected in deposit accounts (the summary adds them at the static USD rate of 1).
    await expectBalancesEqualChain(d, '12');

    await anvil.setBalance(d.owner.wallet.account.address, parseEther('1'));
    const tokenClaim = await anvil.send(d.owner.wallet.account, d.address, WALLET_ABI, 'claim', [
      USDC,
      [toHex(0n, { size: 32 })],
    ]);
    await anvil.mine(3);
    await expectBalancesEqualChain(d, '5');
    expect((await chainBalances(d.address)).usdc).toBe('9');

    await anvil.send(d.owner.wallet.account, d.address, WALLET_ABI, 'claim', [
      '0x0000000000000000000000000000000000000000',
      [toHex(1n, { size: 32 })],
    ]);
    await anvil.mine(3);
    await expectBalancesEqualChain(d, '5');
    expect((await chainBalances(d.address)).eth).toBe('0.4');

    // claimTo is owners-only through execute: one operation the wallet signs for itself.
    const recipient = evmWallet().address;
    const walletNonce = (await anvil.publicClient.readContract({
      address: d.address,
      abi: WALLET_ABI,
      functionName: 'nonce',
    } as never)) as bigint;
    const calls = [
      {
        to: d.address,
        value: 0n,
        data: encodeFunctionData({
          abi: WALLET_ABI,
          functionName: 'claimTo',
          args: [USDC, recipient, [toHex(2n, { size: 32 })]],
        }),
      },
    ];
    const signature = await d.owner.wallet.account.signTypedData({
      domain: { name: 'MultiSigWallet', version: '1.2.0', chainId: Number(CHAIN), verifyingContract: d.address },
      types: EXECUTE_TYPES,
      primaryType: 'Execute',
      message: { calls, nonce: walletNonce },
    });
    const blob = concat([d.owner.wallet.account.address, toHex(65, { size: 2 }), signature]);
    await anvil.send(payer, d.address, WALLET_ABI, 'execute', [
      [{ calls, signatures: blob, id: toHex(7n, { size: 32 }) }],
    ]);
    await anvil.mine(3);
    await expectBalancesEqualChain(d, '0');
    expect((await chainBalances(getAddress(recipient))).usdc).toBe('5');

    const rows = await transactions(d);
    const depositAddresses = [tokenInvoice, nativeInvoice, forwardedInvoice].map((inv) =>
      inv.invoiceAddress.toLowerCase(),
    );
    const direct = rows.filter((row) => row.operationType === 'direct_deposit');
    expect(direct.map((row) => [row.currencyId, row.amount, row.status]).sort()).toEqual([
      [CHAIN, '0.1', 'CONFIRMED'],
      [USDC_ID, '2', 'CONFIRMED'],
    ]);
    const sources = await t.dataSource.query(
      `SELECT lower(from_address) AS source FROM transactions WHERE deployment_id = $1 AND operation_type = 'direct_deposit'`,
      [d.id],
    );
    for (const { source } of sources as { source: string }[]) expect(depositAddresses).not.toContain(source);
    expect(await txOf(d, tokenClaim.transactionHash)).toEqual([
      expect.objectContaining({ operationType: 'claim', amount: '-7', currencyId: USDC_ID, status: 'CONFIRMED' }),
    ]);
    const claims = await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set(as(d)).expect(200);
    expect(claims.body).toMatchObject({ total: 0, items: [] });
  });
});
