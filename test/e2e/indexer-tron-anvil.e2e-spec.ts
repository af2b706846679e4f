import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  padHex,
  toHex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { CLAIM_TOPIC } from '../../src/modules/chain/domain/wallet-events';
import { IndexerService } from '../../src/modules/chain/infrastructure/indexer.service';
import { PROXY_FACTORY_ARTIFACT, WALLET_ARTIFACTS } from '../../src/modules/contracts/contract-artifacts';
import type { ChainContracts } from '../../src/modules/contracts/deploy-chain-contracts';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { Address } from '../../src/shared/domain/address';
import {
  type Anvil,
  deployArtifact,
  deployWalletContracts,
  describeWithAnvil,
  minimalProxyCode,
  eventuallyPasses,
  loadArtifact,
  startAnvil,
} from '../support/anvil';
import { createMember, type TestMember, tronWallet } from '../support/builders';
import { TEST_INDEXER_KEY } from '../support/chain-events';
import { EXECUTE_TYPES, executeIdOf } from '../support/queue';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The built-in indexer on Tron chains, against anvil started with Tron's chain ids (728126428 and
 * Shasta's 2494104990). No Tron node runs here; anvil stands in for java-tron's Ethereum-compatible
 * JSON-RPC behind a small gateway that also plays the node's HTTP API (`/wallet/gettransactionbyid`,
 * which anvil lacks) and records the `TRON-PRO-API-KEY` header. The catalog's Tron USDT
 * (TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t) runs the test ERC-20 through anvil_setCode. Tron needs 19
 * confirmations, so deposits count after anvil mines 19 blocks on top of them.
 *
 * What anvil cannot show (it is an EVM): the TVM's own CREATE2 (`0x41`), so the wallet's claim is
 * replayed as its `Claim` log from the wallet's address; TRC-10 transfers, played by the gateway's
 * answer for a native transfer; and every java-tron response shape, covered by the reader's unit
 * tests (src/modules/chain/infrastructure/tron-json-rpc-reader.spec.ts).
 */
const TRON = '728126428';
const SHASTA = '2494104990';
const REQUIRED = 19;
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_ID = `${TRON}-${USDT}`;
const TRON_API_KEY = 'test-tron-pro-api-key';
const WALLET_ABI = WALLET_ARTIFACTS['1.2.0'].abi;
const TOKEN_ABI = loadArtifact('TestToken').abi;
const BASE58 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const hexOf = (tron: string): Hex => Address.parse(tron, 'tvm').hex20;
const base58Of = (hex: string): string => Address.fromHex20(hex, 'tvm').display;

interface TxItem {
  id: string;
  direction: string;
  status: string;
  confirmations: number;
  txHash: string;
  amount: string;
  currencyId: string;
  operationType: string;
  fromAddress: string;
  toAddress: string;
  invoiceId: string | null;
}

/** Anvil's JSON-RPC at /jsonrpc, and the HTTP API's contract type of a transaction, as a java-tron node serves them. */
interface TronGateway {
  readonly url: string;
  /** Contract types the HTTP API reports; a native transfer not named here is a TransferContract. */
  readonly contractTypes: Map<string, string>;
  readonly apiKeys: { path: string; key: string | undefined }[];
  close(): Promise<void>;
}

async function tronGateway(anvil: Anvil): Promise<TronGateway> {
  const contractTypes = new Map<string, string>();
  const apiKeys: { path: string; key: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const key = req.headers['tron-pro-api-key'];
      if (apiKeys.length < 1000) apiKeys.push({ path: req.url ?? '', key: typeof key === 'string' ? key : undefined });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/wallet/gettransactionbyid') {
        const id = (JSON.parse(body) as { value: string }).value;
        const type = contractTypes.get(id) ?? 'TransferContract';
        res.end(JSON.stringify({ txID: id, raw_data: { contract: [{ type, parameter: { value: {} } }] } }));
        return;
      }
      if (req.url !== '/jsonrpc') {
        res.statusCode = 404;
        res.end('{}');
        return;
      }
      fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => res.end(await answer.text()))
        .catch(() => {
          res.statusCode = 502;
          res.end('{}');
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    contractTypes,
    apiKeys,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeWithAnvil('built-in indexer on Tron chains (anvil as java-tron)', () => {
  let tron: Anvil;
  let shasta: Anvil;
  let tronNode: TronGateway;
  let shastaNode: TronGateway;
  let db: ScratchDatabase;
  let t: TestApp;
  let deployer: PrivateKeyAccount;
  let payer: PrivateKeyAccount;
  let contracts: ChainContracts;
  let saltNonce = 1n;

  beforeAll(async () => {
    [tron, shasta] = await Promise.all([
      startAnvil({ chainId: Number(TRON) }),
      startAnvil({ chainId: Number(SHASTA) }),
    ]);
    [tronNode, shastaNode] = await Promise.all([tronGateway(tron), tronGateway(shasta)]);
    deployer = await tron.fundedAccount();
    payer = await tron.fundedAccount();
    await shasta.setBalance(payer.address, 10n ** 24n);
    contracts = await deployWalletContracts(tron, deployer);
    const token = await deployArtifact(tron, deployer, loadArtifact('TestToken'));
    await rpc(tron, 'anvil_setCode', [hexOf(USDT), await tron.publicClient.getCode({ address: token })]);
    await send(deployer, hexOf(USDT), TOKEN_ABI, 'mint', [payer.address, 10n ** 12n]);

    db = await createScratchDatabase('indexer_tron');
    t = await createTestApp({ databaseUrl: db.url, env: env() });
  }, 180_000);

  const env = () => ({
    INDEXER_API_KEY: TEST_INDEXER_KEY,
    INDEXER_ENABLED: 'true',
    INDEXER_POLL_INTERVAL_MS: '50',
    INDEXER_BATCH_BLOCKS: '8',
    TRON_API_KEY,
    INDEXER_CHAINS: JSON.stringify({
      // The factory in Tron's own spelling, as an operator would copy it from Tronscan.
      [TRON]: { rpcUrl: `${tronNode.url}/jsonrpc`, startBlock: '0', factory: base58Of(contracts.factory) },
      [SHASTA]: { rpcUrl: `${shastaNode.url}/jsonrpc`, startBlock: '0' },
    }),
  });

  afterAll(async () => {
    await t?.close();
    await db?.drop();
    await Promise.all([tronNode?.close(), shastaNode?.close()]);
    await Promise.all([tron?.stop(), shasta?.stop()]);
  });

  async function rpc(node: Anvil, method: string, params: unknown[]): Promise<unknown> {
    return node.publicClient.request({ method, params } as never);
  }

  async function mine(node: Anvil, blocks: number): Promise<void> {
    await rpc(node, 'anvil_mine', [toHex(blocks)]);
  }

  async function send(from: PrivateKeyAccount, to: Hex, abi: unknown, functionName: string, args: unknown[]) {
    const hash = await tron.walletClient(from).writeContract({ address: to, abi, functionName, args } as never);
    const receipt = await tron.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return receipt;
  }

  /** TRX in sun (anvil's wei) to a base58 address. */
  async function sendTrx(to: string, sun: bigint, node: Anvil = tron): Promise<Hex> {
    const hash = await node.walletClient(payer).sendTransaction({ to: hexOf(to), value: sun });
    await node.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  const eventually = <T>(check: () => Promise<T>, timeoutMs = 30_000) => eventuallyPasses(check, timeoutMs);

  interface Deployment {
    id: string;
    /** base58, as the service shows it. */
    address: string;
    owner: TestMember;
    initializer: Hex;
    nonce: bigint;
    implementation: Hex;
  }

  /** A Tron account whose single approver owns a wallet; `onChain` creates it through the factory now. */
  async function deployment(chainId = TRON, options: { onChain: boolean } = { onChain: false }): Promise<Deployment> {
    const wallet = tronWallet();
    const owner = await createMember(t, wallet);
    const initializer = encodeFunctionData({
      abi: WALLET_ABI,
      functionName: 'initialize',
      args: [[wallet.account.address], 1n],
    });
    const nonce = saltNonce++;
    const implementation = contracts.implementations['1.2.0'];
    const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer), nonce]));
    // anvil's CREATE2 is Ethereum's (0xff); on a Tron node the factory's address would use 0x41.
    const hex = getContractAddress({
      opcode: 'CREATE2',
      from: contracts.factory,
      salt,
      bytecode: minimalProxyCode(implementation),
    });
    const service = t.app.get(DeploymentsService);
    const account = await service.createAccount({
      name: 'Tron team',
      members: [owner.address],
      smartContractVersionId: `1.2.0-tvm-${chainId}`,
      threshold: 1,
      address: base58Of(hex),
    });
    const { id } = await service.createDeployment({ accountId: account.id, chainId, status: 'not_deployed' });
    const created = { id, address: base58Of(hex), owner, initializer, nonce, implementation };
    if (options.onChain) await createOnChain(created);
    return created;
  }

  async function createOnChain(d: { initializer: Hex; nonce: bigint; implementation: Hex }) {
    return send(deployer, contracts.factory, PROXY_FACTORY_ARTIFACT.abi, 'createInstance', [
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
    const body = res.body as { id: string; invoiceAddress: string; status: string; isTron: boolean };
    expect(body.invoiceAddress).toMatch(BASE58);
    expect(body.isTron).toBe(true);
    return body;
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

  /** The deployment's rows of one transaction; Tron hashes are shown as 64 hex digits without 0x. */
  async function txOf(d: Deployment, hash: Hex): Promise<TxItem[]> {
    return (await transactions(d)).filter((item) => item.txHash === hash.slice(2).toLowerCase());
  }

  async function indexerStatus(
    app: TestApp = t,
  ): Promise<{ chainId: string; leader: boolean; checkpoint: string | null }[]> {
    const res = await request(app.http)
      .get('/internal/v1/indexer/status')
      .set('x-indexer-key', TEST_INDEXER_KEY)
      .expect(200);
    return (res.body as { chains: { chainId: string; leader: boolean; checkpoint: string | null }[] }).chains;
  }

  async function waitForIndexerAtHead(node: Anvil = tron, chainId = TRON): Promise<void> {
    const head = await node.publicClient.getBlockNumber();
    await eventually(async () => {
      const chain = (await indexerStatus()).find((entry) => entry.chainId === chainId);
      expect(BigInt(chain?.checkpoint ?? '-1')).toBeGreaterThanOrEqual(head);
    });
  }

  /** Before its block has 19 confirmations a deposit is seen but does not count: PENDING today, EXECUTED once mined deposits say so. */
  const UNCONFIRMED = ['PENDING', 'EXECUTED'];

  it('TRX and USDT deposits to Tron invoice addresses are seen, confirm after 19 blocks and pay their invoices, in base58', async () => {
    const d = await deployment();
    const trx = await invoice(d, '0.5', [TRON]);
    const usdt = await invoice(d, '25', [USDT_ID]);
    const trxHash = await sendTrx(trx.invoiceAddress, 500_000n);
    const usdtReceipt = await send(payer, hexOf(USDT), TOKEN_ABI, 'transfer', [
      hexOf(usdt.invoiceAddress),
      25_000_000n,
    ]);

    await eventually(async () => {
      const [seen] = await txOf(d, usdtReceipt.transactionHash);
      expect(seen).toMatchObject({
        direction: 'IN',
        operationType: 'invoice',
        amount: '25',
        currencyId: USDT_ID,
        fromAddress: base58Of(payer.address),
        toAddress: usdt.invoiceAddress,
        invoiceId: usdt.id,
      });
      expect(UNCONFIRMED).toContain(seen.status);
      expect(seen.txHash).toMatch(/^[0-9a-f]{64}$/);
    });
    expect((await invoiceStatus(d, usdt.id)).status).toBe('CREATED');
    expect((await invoiceStatus(d, trx.id)).status).toBe('CREATED');

    await mine(tron, REQUIRED);
    await eventually(async () => {
      expect(await txOf(d, trxHash)).toEqual([
        expect.objectContaining({
          status: 'CONFIRMED',
          amount: '0.5',
          currencyId: TRON,
          fromAddress: base58Of(payer.address),
          toAddress: trx.invoiceAddress,
        }),
      ]);
      expect((await txOf(d, usdtReceipt.transactionHash))[0]).toMatchObject({ status: 'CONFIRMED' });
      expect(await invoiceStatus(d, trx.id)).toMatchObject({ status: 'PAID', paidAmount: '0.5' });
      expect(await invoiceStatus(d, usdt.id)).toMatchObject({ status: 'PAID', paidAmount: '25' });
    });
    const [row] = await txOf(d, trxHash);
    expect(row.confirmations).toBeGreaterThanOrEqual(REQUIRED);
  });

  it('a TRC-10 transfer, whose JSON-RPC value is the token amount, pays nothing; a TRX transfer to the same address does', async () => {
    const d = await deployment();
    const inv = await invoice(d, '1', [TRON]);
    const trc10 = await sendTrx(inv.invoiceAddress, 1_000_000n);
    tronNode.contractTypes.set(trc10.slice(2), 'TransferAssetContract');
    await mine(tron, REQUIRED);
    await waitForIndexerAtHead();
    expect(await txOf(d, trc10)).toEqual([]);
    expect(await invoiceStatus(d, inv.id)).toMatchObject({ status: 'CREATED', paidAmount: '0' });

    const trx = await sendTrx(inv.invoiceAddress, 1_000_000n);
    await mine(tron, REQUIRED);
    await eventually(async () => {
      expect(await txOf(d, trx)).toEqual([expect.objectContaining({ status: 'CONFIRMED', amount: '1' })]);
      expect((await invoiceStatus(d, inv.id)).status).toBe('PAID');
    });
  });

  it('a TRX deposit on Shasta (2494104990) pays its invoice', async () => {
    const d = await deployment(SHASTA);
    const inv = await invoice(d, '2', [SHASTA]);
    const hash = await sendTrx(inv.invoiceAddress, 2_000_000n, shasta);
    await mine(shasta, REQUIRED);
    await eventually(async () => {
      expect(await txOf(d, hash)).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', currencyId: SHASTA, toAddress: inv.invoiceAddress }),
      ]);
      expect(await invoiceStatus(d, inv.id)).toMatchObject({ status: 'PAID', paidAmount: '2' });
    });
  });

  it('sends TRON_API_KEY as TRON-PRO-API-KEY to the JSON-RPC and the HTTP API, and leads both Tron chains', async () => {
    expect(tronNode.apiKeys.length).toBeGreaterThan(0);
    expect(tronNode.apiKeys.every((seen) => seen.key === TRON_API_KEY)).toBe(true);
    expect(new Set(tronNode.apiKeys.map((seen) => seen.path))).toEqual(
      new Set(['/jsonrpc', '/wallet/gettransactionbyid']),
    );
    expect(shastaNode.apiKeys.every((seen) => seen.key === TRON_API_KEY)).toBe(true);
    const chains = await indexerStatus();
    expect(chains.map((chain) => [chain.chainId, chain.leader]).sort()).toEqual([
      [SHASTA, true],
      [TRON, true],
    ]);
  });

  it('a deposit dropped by a reorg before it confirmed is FAILED and leaves the invoice unpaid', async () => {
    const d = await deployment();
    const inv = await invoice(d, '1', [TRON]);
    const snapshot = await rpc(tron, 'evm_snapshot', []);
    const hash = await sendTrx(inv.invoiceAddress, 1_000_000n);
    await eventually(async () => {
      const [seen] = await txOf(d, hash);
      expect(UNCONFIRMED).toContain(seen?.status);
    });
    expect(await rpc(tron, 'evm_revert', [snapshot])).toBe(true);
    await mine(tron, 4);
    await eventually(async () => {
      expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
    });
    await mine(tron, REQUIRED);
    await waitForIndexerAtHead();
    expect(await invoiceStatus(d, inv.id)).toMatchObject({ status: 'CREATED', paidAmount: '0' });
    expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  it('stopping and restarting the indexer mid-stream loses and doubles nothing', async () => {
    const d = await deployment();
    const inv = await invoice(d, null, [TRON]);
    const indexer = t.app.get(IndexerService);
    const hashes: Hex[] = [];
    await indexer.stop();
    for (let i = 0; i < 10; i++) {
      hashes.push(await sendTrx(inv.invoiceAddress, BigInt(i + 1)));
      await mine(tron, 3);
    }
    for (let round = 0; round < 3; round++) {
      indexer.start();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await indexer.stop();
    }
    indexer.start();
    await mine(tron, REQUIRED);
    await eventually(async () => {
      const rows = (await transactions(d)).filter((item) => item.invoiceId === inv.id);
      expect(rows).toHaveLength(10);
      expect(rows.every((row) => row.status === 'CONFIRMED')).toBe(true);
      expect(new Set(rows.map((row) => row.txHash))).toEqual(new Set(hashes.map((hash) => hash.slice(2))));
    }, 60_000);
    // 1 + 2 + … + 10 sun: each deposit counted exactly once.
    expect((await invoiceStatus(d, inv.id)).paidAmount).toBe('0.000055');
  });

  it('a wallet created through the factory becomes deployed, and its execution makes the payout EXECUTED', async () => {
    const d = await deployment(TRON, { onChain: false });
    const status = async () =>
      (
        (await t.dataSource.query(`SELECT deployment_status FROM deployments WHERE id = $1`, [d.id])) as {
          deployment_status: string;
        }[]
      )[0].deployment_status;
    await createOnChain(d);
    await mine(tron, REQUIRED);
    await eventually(async () => expect(await status()).toBe('deployed'));

    await tron.setBalance(hexOf(d.address), 5_000_000n);
    const recipient = tronWallet().address;
    const payout = (
      await request(t.http)
        .post(`/api/v1/deployments/${d.id}/payouts`)
        .set(as(d))
        .send({ deploymentId: d.id, currencyId: TRON, amount: '1.5', toAddress: recipient })
        .expect(201)
    ).body as { id: string; queueOperationId: string; toAddress: string };
    expect(payout.toAddress).toBe(recipient);
    const operation = (
      await request(t.http)
        .get(`/api/v1/deployments/${d.id}/operations/${payout.queueOperationId}`)
        .set(as(d))
        .expect(200)
    ).body as { nonce: string; calls: { to: Hex; value: string; data: Hex }[] };
    const calls = operation.calls.map((call) => ({ to: call.to, value: BigInt(call.value), data: call.data }));
    const signature = await d.owner.wallet.account.signTypedData({
      domain: { name: 'MultiSigWallet', version: '1.2.0', chainId: Number(TRON), verifyingContract: hexOf(d.address) },
      types: EXECUTE_TYPES,
      primaryType: 'Execute',
      message: { calls, nonce: BigInt(operation.nonce) },
    });
    const blob = concat([d.owner.wallet.account.address, toHex(65, { size: 2 }), signature]);
    const receipt = await send(payer, hexOf(d.address), WALLET_ABI, 'execute', [
      [{ calls, signatures: blob, id: executeIdOf(payout.queueOperationId) }],
    ]);
    await mine(tron, REQUIRED);
    await eventually(async () => {
      const op = await request(t.http)
        .get(`/api/v1/deployments/${d.id}/operations/${payout.queueOperationId}`)
        .set(as(d))
        .expect(200);
      expect(op.body).toMatchObject({ status: 'EXECUTED', txHash: receipt.transactionHash.slice(2) });
      const paid = await request(t.http).get(`/api/v1/deployments/${d.id}/payouts/${payout.id}`).set(as(d)).expect(200);
      expect(paid.body).toMatchObject({ status: 'EXECUTED' });
    });
    expect(await tron.publicClient.getBalance({ address: hexOf(recipient) })).toBe(1_500_000n);
  });

  it('a Claim whose deposit is the invoice’s 0x41 CREATE2 address empties the claims list', async () => {
    const d = await deployment();
    const inv = await invoice(d, null, [TRON]);
    await sendTrx(inv.invoiceAddress, 300_000n);
    await mine(tron, REQUIRED);
    const claims = async () =>
      (
        (await request(t.http).get(`/api/v1/deployments/${d.id}/claims`).set(as(d)).expect(200)).body as {
          items: { invoiceNonce: string; amount: string }[];
        }
      ).items;
    await eventually(async () => expect(await claims()).toEqual([expect.objectContaining({ amount: '0.3' })]));

    // The invoice address the service derived is the TVM's CREATE2 with 0x41; anvil's EVM would put
    // the wallet's deposit account elsewhere (0xff). So the wallet's address briefly runs a contract
    // that emits the Claim a Tron wallet emits: Claim(recipient indexed; deposit, token, tokenAmount, ethAmount).
    const wallet = hexOf(d.address);
    // CALLDATACOPY(0, 0, CALLDATASIZE); LOG2(0, CALLDATASIZE, CLAIM_TOPIC, recipient); STOP.
    const claimEmitter: Hex = concat([
      '0x3660006000377f',
      padHex(wallet, { size: 32 }),
      '0x7f',
      CLAIM_TOPIC,
      '0x366000a200',
    ]);
    await rpc(tron, 'anvil_setCode', [wallet, claimEmitter]);
    const data = encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
      [hexOf(inv.invoiceAddress), '0x0000000000000000000000000000000000000000', 0n, 300_000n],
    );
    const hash = await tron.walletClient(payer).sendTransaction({ to: wallet, data, gas: 100_000n });
    const receipt = await tron.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.logs).toEqual([expect.objectContaining({ topics: [CLAIM_TOPIC, padHex(wallet, { size: 32 })] })]);
    await rpc(tron, 'anvil_setCode', [wallet, '0x']);
    await mine(tron, REQUIRED);
    // Claimed once mined; the claim's own row confirms as the blocks pass.
    await eventually(async () => expect(await claims()).toEqual([]));
    await eventually(async () =>
      expect((await transactions(d)).filter((row) => row.operationType === 'claim')).toEqual([
        expect.objectContaining({ status: 'CONFIRMED', amount: '-0.3', txHash: hash.slice(2) }),
      ]),
    );
  });

  it('another instance takes the Tron chains over when the leader goes away', async () => {
    const second = await createTestApp({ databaseUrl: db.url, env: env() });
    const leads = async (app: TestApp) =>
      (await indexerStatus(app))
        .filter((chain) => chain.leader)
        .map((chain) => chain.chainId)
        .sort();
    try {
      expect(await leads(t)).toEqual([SHASTA, TRON]);
      expect(await leads(second)).toEqual([]);
      await t.app.get(IndexerService).stop();
      await eventually(async () => expect(await leads(second)).toEqual([SHASTA, TRON]));
      const d = await deployment();
      const inv = await invoice(d, '0.25', [TRON]);
      const hash = await sendTrx(inv.invoiceAddress, 250_000n);
      await mine(tron, REQUIRED);
      await eventually(async () => {
        expect(await txOf(d, hash)).toEqual([expect.objectContaining({ status: 'CONFIRMED' })]);
        expect((await invoiceStatus(d, inv.id)).status).toBe('PAID');
      });
    } finally {
      await second.close();
      t.app.get(IndexerService).start();
    }
    await eventually(async () => expect(await leads(t)).toEqual([SHASTA, TRON]));
  });
});
