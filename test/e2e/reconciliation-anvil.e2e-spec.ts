import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { concat, encodeFunctionData, getAddress, type Hex, parseEther, toHex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { PROXY_FACTORY_ARTIFACT, WALLET_ARTIFACTS } from '../../src/modules/contracts/contract-artifacts';
import type { ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';
import { IndexerService } from '../../src/modules/chain/infrastructure/indexer.service';
import { ReconciliationService } from '../../src/modules/balances/application/reconciliation.service';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import type { StaticRates } from '../../src/config/app-config';
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
import { spacedScraper } from '../support/metrics-scrape';
import { createTestApp, type TestApp } from '../support/test-app';
import { EXECUTE_TYPES, executeIdOf } from '../support/queue';

/**
 * Reconciliation and fiat at confirmation against a real EVM (anvil as Sepolia, 3 required
 * confirmations), money moved only on chain and reaching the service through the built-in indexer.
 * Every figure the service reports is checked against the chain itself, read at the block the
 * service says it read. The app reaches anvil through a JSON-RPC proxy that records every
 * `eth_call`'s target, to tell a Multicall3 read from token-by-token calls.
 */
const CHAIN = '11155111';
const USDC = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';
const USDC_ID = `${CHAIN}-${USDC.toLowerCase()}`;
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
const WALLET_ABI = WALLET_ARTIFACTS['1.2.0'].abi;
const TOKEN_ABI = loadArtifact('TestToken').abi;

interface Item {
  currency: { id: string; decimals: number };
  serviceBalance: string;
  chainBalance: string;
  difference: string;
}
interface ReconciliationBody {
  chainId: string;
  blockNumber: string;
  checkedAt: string;
  matches: boolean;
  items: Item[];
}

/** A JSON-RPC proxy in front of anvil that records the target of every `eth_call` it forwards. */
async function rpcProxy(target: string): Promise<{ url: string; callTargets: string[]; close(): Promise<void> }> {
  const callTargets: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = JSON.parse(body) as unknown;
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const { method, params } = call as { method?: string; params?: [{ to?: string }] };
          if (method === 'eth_call' && params?.[0]?.to !== undefined) callTargets.push(getAddress(params[0].to));
        }
      } catch {
        // forwarded as it is
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    callTargets,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `value` base units as the API writes whole units. */
function whole(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  const integer = text.slice(0, text.length - decimals);
  return `${negative ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}`;
}

describeWithAnvil('reconciliation and fiat at confirmation on anvil', () => {
  let anvil: Anvil;
  let proxy: Awaited<ReturnType<typeof rpcProxy>>;
  let db: ScratchDatabase;
  let t: TestApp;
  let scrape: () => Promise<request.Response>;
  let deployer: PrivateKeyAccount;
  let payer: PrivateKeyAccount;
  let contracts: ChainContracts;
  /** The static rates the app reads, changed in place as an operator changing RATES_STATIC would see them applied. */
  let rates: Record<string, StaticRates[string]>;
  let saltNonce = 1n;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: Number(CHAIN) });
    deployer = await anvil.fundedAccount();
    payer = await anvil.fundedAccount();
    contracts = await deployWalletContracts(anvil, deployer);
    const token = await deployArtifact(anvil, deployer, loadArtifact('TestToken'));
    await anvil.rpc('anvil_setCode', [USDC, await anvil.publicClient.getCode({ address: token })]);
    await anvil.send(deployer, USDC, TOKEN_ABI, 'mint', [payer.address, 10n ** 12n]);
    proxy = await rpcProxy(anvil.rpcUrl);

    db = await createScratchDatabase('reconcile');
    t = await createTestApp({
      databaseUrl: db.url,
      captureLogs: true,
      env: {
        INDEXER_API_KEY: TEST_INDEXER_KEY,
        INDEXER_ENABLED: 'true',
        INDEXER_POLL_INTERVAL_MS: '50',
        INDEXER_BATCH_BLOCKS: '4',
        INDEXER_CHAINS: JSON.stringify({ [CHAIN]: { rpcUrl: proxy.url, startBlock: '0', factory: contracts.factory } }),
        RECONCILE_INTERVAL_S: '1',
        // No rate for Sepolia ETH yet; the fiat test sets some as an operator would.
        RATES_STATIC: '{}',
      },
    });
    scrape = spacedScraper(t.http);
    rates = t.config.rates.staticRates as Record<string, StaticRates[string]>;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await proxy?.close();
    await anvil?.stop();
  });

  async function sendNative(to: string, value: bigint): Promise<Hex> {
    const hash = await anvil.walletClient(payer).sendTransaction({ to: to as Hex, value });
    await anvil.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  const eventually = <T>(check: () => T | Promise<T>, timeoutMs = 30_000) =>
    eventuallyPasses(async () => check(), timeoutMs);

  interface Deployment {
    id: string;
    accountId: string;
    address: Hex;
    owner: TestMember;
  }

  /** An account whose single approver owns a wallet created through the factory, deployed in the service. */
  async function deployment(): Promise<Deployment> {
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
    const account = await service.createAccount({
      name: 'Reconciled team',
      members: [owner.address],
      smartContractVersionId: '1.2.0-evm',
      threshold: 1,
      address,
    });
    const { id } = await service.createDeployment({ accountId: account.id, chainId: CHAIN, status: 'not_deployed' });
    await anvil.send(deployer, contracts.factory, PROXY_FACTORY_ARTIFACT.abi, 'createInstance', [
      implementation,
      initializer,
      nonce,
    ]);
    await anvil.setBalance(owner.wallet.account.address, parseEther('1'));
    const d = { id, accountId: account.id, address, owner };
    await eventually(async () => {
      const res = await request(t.http).get(`/api/v1/accounts/${d.accountId}`).set(as(d)).expect(200);
      expect((res.body as { deployments: { deploymentStatus: string }[] }).deployments).toEqual([
        expect.objectContaining({ deploymentStatus: 'deployed' }),
      ]);
    });
    return d;
  }

  const as = (d: { owner: TestMember }) => ({ 'x-api-key': d.owner.apiKey });

  async function invoice(d: Deployment, currencyIds: string[], requestedAmount: string | null = null) {
    const res = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/invoices`)
      .set(as(d))
      .send({ requestedAmount, currencyIds, paymentPageButtonUrl: null, paymentPageButtonText: null })
      .expect(201);
    return res.body as { id: string; invoiceAddress: string; publicId: string };
  }

  /** A payout created through the API, signed by the owner and executed on chain by the payer. */
  async function payout(d: Deployment, currencyId: string, amount: string, toAddress: string): Promise<Hex> {
    const created = (
      await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set(as(d))
        .send({ deploymentId: d.id, currencyId, amount, toAddress })
        .expect(201)
    ).body as { queueOperationId: string };
    const operation = (
      await request(t.http)
        .get(`/api/v1/deployments/${d.id}/operations/${created.queueOperationId}`)
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
      [{ calls, signatures: blob, id: executeIdOf(created.queueOperationId) }],
    ]);
    return receipt.transactionHash;
  }

  interface TxItem {
    id: string;
    txHash: string;
    status: string;
    operationType: string;
    currencyId: string;
    amount: string;
  }

  async function transactions(d: Deployment): Promise<TxItem[]> {
    const res = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions?pageSize=100`)
      .set(as(d))
      .expect(200);
    return (res.body as { items: TxItem[] }).items;
  }

  /** Waits until the indexer has seen the head and every row of the deployment is settled. */
  async function settled(d: Deployment): Promise<void> {
    const head = await anvil.publicClient.getBlockNumber();
    await eventually(async () => {
      const res = await request(t.http)
        .get('/internal/v1/indexer/status')
        .set('x-indexer-key', TEST_INDEXER_KEY)
        .expect(200);
      const [chain] = (res.body as { chains: { checkpoint: string }[] }).chains;
      expect(BigInt(chain.checkpoint)).toBeGreaterThanOrEqual(head);
      for (const row of await transactions(d))
        expect([row.operationType, row.status]).toEqual([row.operationType, 'CONFIRMED']);
    });
  }

  async function reconcile(d: Deployment, chainId = CHAIN): Promise<ReconciliationBody> {
    const res = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/reconciliation?chainId=${chainId}`)
      .set(as(d))
      .expect(200);
    return res.body as ReconciliationBody;
  }

  /** The wallet's own balances read from anvil at `block`, whole units, by currency id. */
  async function chainAt(address: Hex, block: bigint): Promise<Record<string, string>> {
    const usdc = (await anvil.publicClient.readContract({
      address: USDC,
      abi: TOKEN_ABI,
      functionName: 'balanceOf',
      args: [address],
      blockNumber: block,
    } as never)) as bigint;
    const eth = await anvil.publicClient.getBalance({ address, blockNumber: block });
    return { [CHAIN]: whole(eth, 18), [USDC_ID]: whole(usdc, 6) };
  }

  function figures(body: ReconciliationBody): Record<string, [string, string, string]> {
    return Object.fromEntries(
      body.items.map((item) => [item.currency.id, [item.serviceBalance, item.chainBalance, item.difference]]),
    );
  }

  /** The gauge's samples for one deployment, by currency id. */
  async function gauge(deploymentId: string): Promise<Record<string, number>> {
    const text = (await scrape()).text;
    const samples: Record<string, number> = {};
    for (const match of text.matchAll(/^balance_reconciliation_difference\{([^}]*)\} (\S+)$/gm)) {
      const labels = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      if (labels.deployment_id === deploymentId) samples[labels.currency] = Number(match[2]);
    }
    return samples;
  }

  /** Log lines as objects, in order (one per captured line, so indexes match `t.logs`). */
  function logs(): { level: number; msg: string; deploymentId?: string; chainId?: string; differences?: unknown[] }[] {
    return t.logs.flatMap((line) => {
      try {
        return [JSON.parse(line) as { level: number; msg: string }];
      } catch {
        return [{ level: 0, msg: '' }];
      }
    });
  }
  const MISMATCH = 'reconciliation: the wallet on chain and the service ledger differ';
  const CHECKED = 'reconciliation: chain checked';

  it('after deposits, claims (native and ERC-20) and payouts the wallet and the ledger agree at the final block, read token by token and through Multicall3', async () => {
    const d = await deployment();
    const tokenInvoice = await invoice(d, [USDC_ID]);
    const nativeInvoice = await invoice(d, [CHAIN]);
    await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [tokenInvoice.invoiceAddress, 7_000_000n]);
    await sendNative(nativeInvoice.invoiceAddress, parseEther('0.3'));
    await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [d.address, 2_000_000n]);
    await sendNative(d.address, parseEther('0.5'));
    await anvil.mine(3);
    await settled(d);
    // Deposits wait in their deposit accounts: not the wallet's, on either side.
    expect(figures(await reconcile(d))).toEqual({ [CHAIN]: ['0.5', '0.5', '0'], [USDC_ID]: ['2', '2', '0'] });

    await anvil.send(d.owner.wallet.account, d.address, WALLET_ABI, 'claim', [USDC, [toHex(0n, { size: 32 })]]);
    await anvil.send(d.owner.wallet.account, d.address, WALLET_ABI, 'claim', [
      '0x0000000000000000000000000000000000000000',
      [toHex(1n, { size: 32 })],
    ]);
    const recipient = evmWallet().address;
    await payout(d, CHAIN, '0.05', recipient);
    await payout(d, USDC_ID, '1', recipient);
    await anvil.mine(3);
    await settled(d);

    // The leader's own checks would read through the proxy too: no leader while the reads are counted.
    const indexer = t.app.get(IndexerService);
    await indexer.stop();
    proxy.callTargets.length = 0;
    const body = await reconcile(d);
    const block = BigInt(body.blockNumber);
    expect(block).toBe((await anvil.publicClient.getBlockNumber()) - 3n);
    expect(Date.now() - Date.parse(body.checkedAt)).toBeLessThan(60_000);
    expect(body).toMatchObject({ chainId: CHAIN, matches: true });
    const chain = await chainAt(d.address, block);
    expect(chain).toEqual({ [CHAIN]: '0.75', [USDC_ID]: '8' });
    expect(figures(body)).toEqual({
      [CHAIN]: [chain[CHAIN], chain[CHAIN], '0'],
      [USDC_ID]: [chain[USDC_ID], chain[USDC_ID], '0'],
    });
    // The same figures the balances endpoint reports.
    const balances = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/balances?chainId=${CHAIN}`)
      .set(as(d))
      .expect(200);
    expect(
      Object.fromEntries(
        (balances.body as { currency: { id: string }; balance: string }[]).map((b) => [b.currency.id, b.balance]),
      ),
    ).toEqual(chain);
    // No Multicall3 on this chain yet: the token was read with its own eth_call.
    expect(proxy.callTargets).toEqual([getAddress(USDC)]);

    // With Multicall3 at its address (from the block read on), one eth_call to it reads everything.
    await anvil.rpc('anvil_setCode', [MULTICALL3, loadArtifact('Multicall3').deployedBytecode]);
    await anvil.mine(4);
    proxy.callTargets.length = 0;
    const again = await reconcile(d);
    expect(proxy.callTargets).toEqual([MULTICALL3]);
    expect(figures(again)).toEqual(figures(body));
    expect(again.matches).toBe(true);
    indexer.start();

    // The leader's checks agree from now on: zeros in the gauge, and no warning for this wallet.
    const mark = t.logs.length;
    await eventually(() => {
      const since = logs().slice(mark);
      expect(since.filter((line) => line.msg === CHECKED && line.chainId === CHAIN).length).toBeGreaterThanOrEqual(2);
    });
    expect(await gauge(d.id)).toEqual({ [CHAIN]: 0, [USDC_ID]: 0 });
    expect(
      logs()
        .slice(mark)
        .filter((line) => line.msg === MISMATCH && line.deploymentId === d.id),
    ).toEqual([]);
  }, 120_000);

  it('money moved behind the service: exactly that difference in the endpoint and the gauge, and one warning per check', async () => {
    const d = await deployment();
    await sendNative(d.address, parseEther('1'));
    await anvil.mine(3);
    await settled(d);
    expect((await reconcile(d)).matches).toBe(true);

    // From here on nothing reaches the service: every warning for this wallet is about what follows.
    const mark = t.logs.length;
    const before = await anvil.publicClient.getBalance({ address: d.address });
    await anvil.setBalance(d.address, before + parseEther('0.25'));
    await anvil.mine(4);
    const body = await reconcile(d);
    expect(body.matches).toBe(false);
    const chain = await chainAt(d.address, BigInt(body.blockNumber));
    expect(chain[CHAIN]).toBe('1.25');
    expect(figures(body)).toEqual({ [CHAIN]: ['1', '1.25', '0.25'] });

    // The leader checks every second: the gauge shows it, and each check logs one warning with the figures.
    await eventually(async () => expect(await gauge(d.id)).toEqual({ [CHAIN]: 0.25 }));
    await eventually(() => {
      const lines = logs();
      const first = lines.findIndex((line, i) => i >= mark && line.msg === MISMATCH && line.deploymentId === d.id);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(lines.slice(first).filter((line) => line.msg === CHECKED).length).toBeGreaterThanOrEqual(3);
    });
    const lines = logs();
    const checks = lines.flatMap((line, i) => (line.msg === CHECKED && line.chainId === CHAIN ? [i] : []));
    const first = lines.findIndex((line, i) => i >= mark && line.msg === MISMATCH && line.deploymentId === d.id);
    const after = checks.filter((i) => i > first);
    // Between two consecutive checks of the chain, exactly one warning for this wallet.
    for (let k = 1; k < after.length; k++) {
      const window = lines.slice(after[k - 1] + 1, after[k] + 1);
      expect(window.filter((line) => line.msg === MISMATCH && line.deploymentId === d.id)).toHaveLength(1);
    }
    const warning = lines[first];
    expect(warning).toMatchObject({
      level: 40,
      chainId: CHAIN,
      differences: [{ currency: CHAIN, serviceBalance: '1', chainBalance: '1.25', difference: '0.25', symbol: 'ETH' }],
    });

    // A token minted to the wallet while the indexer is stopped: the service cannot know.
    const indexer = t.app.get(IndexerService);
    await indexer.stop();
    await anvil.send(deployer, USDC, TOKEN_ABI, 'mint', [d.address, 3_500_000n]);
    await anvil.mine(4);
    const minted = await reconcile(d);
    expect(figures(minted)).toEqual({ [CHAIN]: ['1', '1.25', '0.25'], [USDC_ID]: ['0', '3.5', '3.5'] });
    expect(await chainAt(d.address, BigInt(minted.blockNumber))).toEqual({ [CHAIN]: '1.25', [USDC_ID]: '3.5' });
    // No leader while the indexer is stopped: run the leader's check by hand, once.
    const warningsBefore = logs().filter((line) => line.msg === MISMATCH && line.deploymentId === d.id).length;
    await t.app.get(ReconciliationService).checkChain(CHAIN);
    expect(await gauge(d.id)).toEqual({ [CHAIN]: 0.25, [USDC_ID]: 3.5 });
    const warnings = logs().filter((line) => line.msg === MISMATCH && line.deploymentId === d.id);
    expect(warnings).toHaveLength(warningsBefore + 1);
    expect(warnings.at(-1)?.differences).toEqual([
      expect.objectContaining({ currency: CHAIN, difference: '0.25' }),
      expect.objectContaining({ currency: USDC_ID, serviceBalance: '0', chainBalance: '3.5', difference: '3.5' }),
    ]);

    // Back on, the indexer finds the mint (a transfer into the wallet): the token agrees again.
    indexer.start();
    await eventually(async () => expect(figures(await reconcile(d))[USDC_ID]).toEqual(['3.5', '3.5', '0']));
  }, 120_000);

  it('stores the rates of the moment a transaction confirms: fiatAtConfirmation and the CSV keep them after the rate changes; no rate is null and empty cells', async () => {
    const d = await deployment();
    const noRate = await sendNative(d.address, parseEther('0.1'));
    await anvil.mine(3);
    await settled(d);

    // The operator sets rates for Sepolia ETH.
    rates[CHAIN] = { usd: '3000.5', eur: '2800', cny: '21000.333' };
    const underR = await sendNative(d.address, parseEther('0.1'));
    const txOf = async (hash: string) => (await transactions(d)).find((row) => row.txHash === hash.toLowerCase());
    const details = async (hash: string) => {
      const row = await txOf(hash);
      const res = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/transactions/${row?.id}`)
        .set(as(d))
        .expect(200);
      return res.body as { transaction: { status: string }; fiatAtConfirmation: unknown };
    };
    // Mined, not yet CONFIRMED: no figure yet.
    await eventually(async () => expect((await details(underR)).transaction.status).toBe('EXECUTED'));
    expect((await details(underR)).fiatAtConfirmation).toBeNull();
    await anvil.mine(3);
    await settled(d);
    // 0.1 × rate, to the cent, half up (21000.333 × 0.1 = 2100.0333).
    expect((await details(underR)).fiatAtConfirmation).toEqual({ usd: '300.05', eur: '280.00', cny: '2100.03' });
    expect((await details(noRate)).fiatAtConfirmation).toBeNull();

    // The rate changes; what confirmed under the old one keeps it.
    rates[CHAIN] = { usd: '4000.1', eur: '2800', cny: '21000.333' };
    const paid = await payout(d, CHAIN, '0.05', evmWallet().address);
    await anvil.send(payer, USDC, TOKEN_ABI, 'transfer', [d.address, 2_000_000n]);
    await anvil.mine(3);
    await settled(d);
    expect((await details(underR)).fiatAtConfirmation).toEqual({ usd: '300.05', eur: '280.00', cny: '2100.03' });
    // An OUT amount is negative; 0.05 × 4000.1 = 200.005 rounds away from zero; 0.05 × 21000.333 = 1050.01665.
    expect((await details(paid)).fiatAtConfirmation).toEqual({ usd: '-200.01', eur: '-140.00', cny: '-1050.02' });
    // USDC has the catalog's dollar rate only.
    const usdc = (await transactions(d)).find((row) => row.currencyId === USDC_ID);
    const usdcDetails = await request(t.http)
      .get(`/api/v1/deployments/${d.id}/transactions/${usdc?.id}`)
      .set(as(d))
      .expect(200);
    expect((usdcDetails.body as { fiatAtConfirmation: unknown }).fiatAtConfirmation).toEqual({
      usd: '2.00',
      eur: null,
      cny: null,
    });

    const csv = await request(t.http).get(`/api/v1/deployments/${d.id}/transactions/export`).set(as(d)).expect(200);
    const [header, ...rows] = csv.text
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => header.indexOf(name);
    const byHash = new Map(rows.map((row) => [row[column('txHash')], row]));
    const cells = (hash: string) =>
      ['amount', 'amountUsd', 'amountEur', 'amountCny'].map((name) => byHash.get(hash.toLowerCase())?.[column(name)]);
    expect(cells(noRate)).toEqual(['0.1', '', '', '']);
    expect(cells(underR)).toEqual(['0.1', '300.05', '280.00', '2100.03']);
    expect(cells(paid)).toEqual(['-0.05', '-200.01', '-140.00', '-1050.02']);
    expect(byHash.get(usdc?.txHash ?? '')?.slice(column('amount'), column('amountCny') + 1)).toEqual([
      '2',
      '2.00',
      '',
      '',
    ]);

    // The payment page prices ETH at the operator's rate too (it used to for stablecoins only).
    const ethInvoice = await invoice(d, [CHAIN], '0.5');
    const page = await request(t.http).get(`/pay/${ethInvoice.publicId}`).expect(200);
    expect(page.text).toContain('<p class="fiat" id="fiat">≈ $2,000.05</p>');
  }, 120_000);

  it('is 503 CHAIN_UNAVAILABLE for a chain without an RPC, which the periodic check skips without error', async () => {
    const d = await deployment();
    const res = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/reconciliation?chainId=1`)
      .set(as(d))
      .expect(503);
    expect(res.body).toMatchObject({ statusCode: 503, code: 'CHAIN_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('30');
    // A wallet deployed on Ethereum too: nobody can read it, so no check, no gauge, no warning.
    await t.app.get(DeploymentsService).createDeployment({ accountId: d.accountId, chainId: '1', status: 'deployed' });
    const linesBefore = t.logs.length;
    await expect(t.app.get(ReconciliationService).checkChain('1')).resolves.toBeUndefined();
    expect(
      t.logs.slice(linesBefore).filter((line) => line.includes('"level":40') || line.includes('"level":50')),
    ).toEqual([]);
    expect((await request(t.http).get('/metrics').expect(200)).text).not.toMatch(
      /balance_reconciliation_difference\{chain_id="1"/,
    );
  }, 60_000);

  it('answers 400 for a bad chainId or query, 401 without a credential, 404 for a non-member, another account, or no wallet on the chain', async () => {
    const d = await deployment();
    const path = `/api/v1/accounts/${d.accountId}/reconciliation`;
    for (const [query, code] of [
      ['', 'VALIDATION_FAILED'],
      ['?chainId=abc', 'VALIDATION_FAILED'],
      ['?chainId=1&chainId=2', 'VALIDATION_FAILED'],
      ['?chainId=999999', 'INVALID_CHAIN'],
      ['?chainId=728126428', 'INVALID_CHAIN'],
      [`?chainId=${CHAIN}&page=1`, undefined],
    ] as const) {
      const res = await request(t.http).get(`${path}${query}`).set(as(d)).expect(400);
      if (code !== undefined) expect(res.body).toMatchObject({ code });
    }
    await request(t.http).get(`/api/v1/accounts/not-a-uuid/reconciliation?chainId=${CHAIN}`).set(as(d)).expect(400);
    await request(t.http).get(`${path}?chainId=${CHAIN}`).expect(401);
    const stranger = await createMember(t, evmWallet());
    await request(t.http).get(`${path}?chainId=${CHAIN}`).set({ 'x-api-key': stranger.apiKey }).expect(404);

    const lonely = await createMember(t, evmWallet());
    const account = await t.app.get(DeploymentsService).createAccount({
      name: 'No wallet yet',
      members: [lonely.address],
      smartContractVersionId: '1.2.0-evm',
      threshold: 1,
      address: evmWallet().address,
    });
    const res = await request(t.http)
      .get(`/api/v1/accounts/${account.id}/reconciliation?chainId=${CHAIN}`)
      .set({ 'x-api-key': lonely.apiKey })
      .expect(404);
    expect(res.body).toMatchObject({ code: 'DEPLOYMENT_NOT_FOUND' });
  }, 60_000);

  it('answers 503 CHAIN_UNAVAILABLE when the chain node does not answer', async () => {
    const d = await deployment();
    await t.app.get(IndexerService).stop();
    await proxy.close();
    const res = await request(t.http)
      .get(`/api/v1/accounts/${d.accountId}/reconciliation?chainId=${CHAIN}`)
      .set(as(d))
      .expect(503);
    expect(res.body).toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
    expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
  }, 60_000);
});
