import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import { TRANSFER_TOPIC } from '../domain/wallet-events';
import { TronJsonRpcReader, tronHttpApiUrl } from './tron-json-rpc-reader';

/**
 * The reader against a loopback server that answers with bodies shaped as java-tron documents them.
 * Each test names where its shape comes from: a page of the java-tron JSON-RPC / HTTP API
 * documentation (tronprotocol/documentation-en, docs/api/…) or a file of java-tron itself
 * (tronprotocol/java-tron, GreatVoyage-v4.8.0).
 */

interface Seen {
  /** Which HTTP request carried the call (calls of one batch share it). */
  request: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

type RpcHandler = (method: string, params: unknown[]) => unknown;

/** A fake node: JSON-RPC at /jsonrpc (single calls and batches), the HTTP API's gettransactionbyid. */
async function fakeNode(
  rpc: RpcHandler,
  contractTypes: Record<string, unknown> = {},
  rawJsonRpcBody?: string,
): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const request = requests++;
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body: unknown = JSON.parse(raw);
      // One entry per JSON-RPC call, whether it came alone or in a batch.
      for (const call of Array.isArray(body) ? body : [body])
        seen.push({ request, path: req.url ?? '', headers: req.headers, body: call });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/wallet/gettransactionbyid') {
        const id = (body as { value: string }).value;
        res.end(JSON.stringify(contractTypes[id] ?? {}));
        return;
      }
      if (rawJsonRpcBody !== undefined) {
        res.end(rawJsonRpcBody);
        return;
      }
      const answer = (call: { id: number; method: string; params: unknown[] }) => {
        try {
          return { jsonrpc: '2.0', id: call.id, result: rpc(call.method, call.params) };
        } catch (error) {
          return {
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32602, message: (error as Error).message, data: '{}' },
          };
        }
      };
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body as never)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const readerAt = (url: string, apiKey: string | null = null) =>
  new TronJsonRpcReader({ rpcUrl: `${url}/jsonrpc`, httpApiUrl: url, apiKey });

// docs/api/json-rpc/block-and-tx-query/eth_getBlockByHash.md: the Nile block 0x3fe1ca0 with full
// transactions (logsBloom and input shortened there; full length here).
const NILE_HEIGHT = BigInt('0x3fe1ca0');
const NILE_BLOCK = {
  number: '0x3fe1ca0',
  hash: '0x0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
  parentHash: '0x0000000003fe1c9f1030bf08074186a7c119391405507ce6cceb95855f5ef164',
  miner: '0xa234e405a2c6fd67cdd4d0ea2f6188f65534c8b1',
  timestamp: '0x69f18c42',
  size: '0x60a',
  transactionsRoot: '0xb488e770d80b4431e356111db97fca5b14f3f6a4d630c565ff15ee4ed9abee72',
  stateRoot: '0x',
  transactions: [
    {
      blockHash: '0x0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
      blockNumber: '0x3fe1ca0',
      from: '0xdd791d6b49e190062d650e6a23c575510d35f2f9',
      to: '0x9ff8fc48fb114ccd5bbdc24a86f0c73082f08825',
      hash: '0x01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca',
      transactionIndex: '0x0',
      value: '0x0',
      gas: '0xae29',
      gasPrice: '0x64',
      input: `0xa6bd98ac${'00'.repeat(64)}`,
      type: '0x0',
      nonce: '0x0000000000000000',
      v: '0x1b',
      r: '0x2154e8ef08f014063de8a88bafe748c8cbb48633c1657c083dca1a73439b289f',
      s: '0x6aa796bfa58797da6354d35fb7334a8c145c48ae266e4a885f7ee44791b5a3c3',
    },
  ],
  uncles: [],
  gasLimit: '0x2540be400',
  gasUsed: '0xae29',
  difficulty: '0x0',
  totalDifficulty: '0x0',
  extraData: '0x',
  logsBloom: `0x${'00'.repeat(256)}`,
  nonce: '0x0000000000000000',
  sha3Uncles: `0x${'00'.repeat(32)}`,
  receiptsRoot: `0x${'00'.repeat(32)}`,
  mixHash: `0x${'00'.repeat(32)}`,
  baseFeePerGas: '0x0',
};

// docs/api/json-rpc/filter/eth_getLogs.md: the same block's log, with the `blockTimestamp` field
// newer nodes add and Ethereum's log object lacks.
const NILE_LOG = {
  address: '0x9ff8fc48fb114ccd5bbdc24a86f0c73082f08825',
  blockHash: '0x0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
  blockNumber: '0x3fe1ca0',
  blockTimestamp: '0x697999ef',
  transactionHash: '0x01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca',
  transactionIndex: '0x0',
  logIndex: '0x0',
  removed: false,
  topics: [
    '0xc66625d03b4a832d8245f0df593e32e0fbbbad96d4aa45440aa1535b80983083',
    '0x000000000000000000000000dd791d6b49e190062d650e6a23c575510d35f2f9',
    '0x0000000000000000000000000000000000000000000000000000000000000007',
  ],
  data: `0x${'00'.repeat(223)}5f`,
};

// docs/api/json-rpc/block-and-tx-query/eth_getBlockReceipts.md: the receipt of a TRX transfer of
// block 0x3fe1ca0 (index 1), as eth_getTransactionReceipt gives it.
const TRX_TRANSFER_HASH = '0x74034bfbb426506e7a0a3c0f329ca84cc9c7783f4307137dcc2fdbb184a9910e';
const TRX_TRANSFER_RECEIPT = {
  blockHash: '0x0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
  blockNumber: '0x3fe1ca0',
  transactionHash: TRX_TRANSFER_HASH,
  transactionIndex: '0x1',
  from: '0xf7c3feccb6461aab0fd25f61d9560645b08228cb',
  to: '0xb06b4139895c9f51c967c9f3d9089ca721e8e34c',
  gasUsed: '0x0',
  cumulativeGasUsed: '0xae29',
  effectiveGasPrice: '0x64',
  contractAddress: null,
  logs: [],
  logsBloom: `0x${'00'.repeat(256)}`,
  status: '0x1',
  type: '0x0',
};

/** docs/api/http/block-and-tx-query/gettransactionbyid.md: `raw_data.contract[0].type`. */
const ofType = (type: string) => ({
  ret: [{ contractRet: 'SUCCESS' }],
  txID: TRX_TRANSFER_HASH.slice(2),
  raw_data: { contract: [{ parameter: { value: {}, type_url: `type.googleapis.com/protocol.${type}` }, type }] },
});

describe('TronJsonRpcReader', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });
  const node = async (...args: Parameters<typeof fakeNode>) => {
    const started = await fakeNode(...args);
    closers.push(started.close);
    return started;
  };

  it('reads the head from eth_blockNumber (docs/api/json-rpc/node/eth_blockNumber.md)', async () => {
    const { url } = await node((method) => (method === 'eth_blockNumber' ? '0x3fe1ca0' : null));
    await expect(readerAt(url).headNumber()).resolves.toBe(BigInt('0x3fe1ca0'));
  });

  it('reads a java-tron block, whose Ethereum-only fields are constants or "0x" (eth_getBlockByHash.md)', async () => {
    const { url, seen } = await node((method) => (method === 'eth_getBlockByNumber' ? NILE_BLOCK : null));
    const block = await readerAt(url).block(BigInt('0x3fe1ca0'), true);
    expect(block).toEqual({
      number: BigInt('0x3fe1ca0'),
      // The block id: its first 8 bytes are the height.
      hash: '0x0000000003fe1ca05cf728c92ee79f5f2758c3e4e4ea88501826726880e8b81c',
      parentHash: '0x0000000003fe1c9f1030bf08074186a7c119391405507ce6cceb95855f5ef164',
      transactions: [
        {
          hash: '0x01b4cde4197b9d1a1ff09ef5d2b1d939d3ec2401b3f002ebd0802c0f30a6e4ca',
          from: '0xdd791d6b49e190062d650e6a23c575510d35f2f9',
          to: '0x9ff8fc48fb114ccd5bbdc24a86f0c73082f08825',
          value: 0n,
        },
      ],
    });
    expect(seen[0].body).toMatchObject({ method: 'eth_getBlockByNumber', params: ['0x3fe1ca0', true] });
  });

  it('takes a null block as a height the node does not have (eth_getBlockByNumber.md: "returns null when not found")', async () => {
    const { url } = await node(() => null);
    await expect(readerAt(url).block(99n, false)).resolves.toBeUndefined();
  });

  it('reads to: null and value "0x" (TransactionResult.java: toJsonHexAddress of no address is null; an absent quantity is "0x")', async () => {
    const creation = { ...NILE_BLOCK.transactions[0], to: null, value: '0x' };
    const { url } = await node(() => ({ ...NILE_BLOCK, transactions: [creation] }));
    const block = await readerAt(url).block(NILE_HEIGHT, true);
    expect(block?.transactions).toEqual([expect.objectContaining({ to: null, value: 0n })]);
  });

  it('asks eth_getLogs with 20-byte hex addresses, in ranges of 5000 blocks, and reads the documented log (eth_getLogs.md)', async () => {
    const { url, seen } = await node((method, params) => {
      if (method === 'eth_blockNumber') return '0x4000000';
      const filter = params[0] as { fromBlock: string; toBlock: string };
      // java-tron's LogFilterWrapper: "exceed max block range: 5000" once toBlock - fromBlock > 5000.
      if (BigInt(filter.toBlock) - BigInt(filter.fromBlock) > 5000n) throw new Error('exceed max block range: 5000');
      return BigInt(filter.fromBlock) <= NILE_HEIGHT && NILE_HEIGHT <= BigInt(filter.toBlock)
        ? [NILE_LOG, { ...NILE_LOG, logIndex: '0x1', removed: true }]
        : [];
    });
    const token: Hex = '0x9ff8fc48fb114ccd5bbdc24a86f0c73082f08825';
    const logs = await readerAt(url).logs({
      fromBlock: 66_980_000n,
      toBlock: 66_992_000n,
      address: [token],
      events: [TRANSFER_TOPIC],
    });
    expect(logs).toEqual([
      {
        address: token,
        topics: NILE_LOG.topics,
        data: NILE_LOG.data,
        blockNumber: NILE_HEIGHT,
        blockHash: NILE_LOG.blockHash,
        transactionHash: NILE_LOG.transactionHash,
        logIndex: 0,
      },
    ]);
    const filters = seen
      .map((request) => request.body as { method: string; params: { fromBlock: string; toBlock: string }[] })
      .filter((call) => call.method === 'eth_getLogs')
      .map((call) => call.params[0]);
    expect(filters.map((filter) => [BigInt(filter.fromBlock), BigInt(filter.toBlock)])).toEqual([
      [66_980_000n, 66_984_999n],
      [66_985_000n, 66_989_999n],
      [66_990_000n, 66_992_000n],
    ]);
    expect(filters[0]).toMatchObject({ address: [token], topics: [[TRANSFER_TOPIC]] });
  });

  it('fails when the node answering eth_getLogs is behind the range, which java-tron would silently cut at its head (LogBlockQuery.java)', async () => {
    const { url, seen } = await node((method) => (method === 'eth_blockNumber' ? '0x3fe1c9f' : [NILE_LOG]));
    await expect(
      readerAt(url).logs({ fromBlock: NILE_HEIGHT - 10n, toBlock: NILE_HEIGHT, events: [TRANSFER_TOPIC] }),
    ).rejects.toThrow(/is at block 66985119, before 66985120/);
    // Both calls went out in one HTTP request (a batch), so one node answered both.
    expect(seen.map((call) => (call.body as { method: string }).method).sort()).toEqual([
      'eth_blockNumber',
      'eth_getLogs',
    ]);
    expect(new Set(seen.map((call) => call.request)).size).toBe(1);
  });

  it('lets a smaller maxBlockRange reach the follower, which splits the range on it (eth_getLogs.md error table)', async () => {
    const { url } = await node(() => {
      throw new Error('exceed max block range: 1000');
    });
    const failure = await readerAt(url)
      .logs({ fromBlock: 0n, toBlock: 4000n, events: [TRANSFER_TOPIC] })
      .then(
        () => new Error('no failure') as Error & { details?: string },
        (error: unknown) => error as Error & { details?: string },
      );
    expect(`${failure.message} ${String(failure.details)}`).toMatch(/exceed max block range/);
  });

  it('counts a TRX transfer: receipt status 0x1, contract type TransferContract; no fee (eth_getBlockReceipts.md, gettransactionbyid.md)', async () => {
    const { url, seen } = await node(() => TRX_TRANSFER_RECEIPT, {
      [TRX_TRANSFER_HASH.slice(2)]: ofType('TransferContract'),
    });
    await expect(readerAt(url).receipt(TRX_TRANSFER_HASH)).resolves.toEqual({
      success: true,
      valueIsNative: true,
      fee: undefined,
    });
    // The HTTP API takes the id without 0x.
    expect(seen.find((request) => request.path === '/wallet/gettransactionbyid')?.body).toEqual({
      value: TRX_TRANSFER_HASH.slice(2),
    });
  });

  it.each([
    // JsonRpcApiUtil.getTransactionAmount: a TRC-10 transfer's `value` is the token amount.
    ['TransferAssetContract', false],
    // … a vote's is the vote count, a (v1) freeze's the frozen balance: nothing credits `to` with TRX.
    ['VoteWitnessContract', false],
    ['FreezeBalanceContract', false],
    // A contract call's `value` is its call value, TRX sent to the contract.
    ['TriggerSmartContract', true],
  ])('takes the value of a %s as TRX: %s (JsonRpcApiUtil.java)', async (type, native) => {
    const { url } = await node(() => TRX_TRANSFER_RECEIPT, { [TRX_TRANSFER_HASH.slice(2)]: ofType(type) });
    await expect(readerAt(url).receipt(TRX_TRANSFER_HASH)).resolves.toMatchObject({ valueIsNative: native });
  });

  it('reads status 0x0 as failed (TransactionReceipt.java: success when resultValue <= 1)', async () => {
    const { url } = await node(() => ({ ...TRX_TRANSFER_RECEIPT, status: '0x0' }), {
      [TRX_TRANSFER_HASH.slice(2)]: ofType('TriggerSmartContract'),
    });
    await expect(readerAt(url).receipt(TRX_TRANSFER_HASH)).resolves.toMatchObject({ success: false });
  });

  it('fails (and the step is retried) on a missing receipt or a transaction the HTTP API does not know ({} per gettransactionbyid.md)', async () => {
    const missingReceipt = await node(() => null, { [TRX_TRANSFER_HASH.slice(2)]: ofType('TransferContract') });
    await expect(readerAt(missingReceipt.url).receipt(TRX_TRANSFER_HASH)).rejects.toThrow(/no receipt yet/);
    const unknownTx = await node(() => TRX_TRANSFER_RECEIPT, {});
    await expect(readerAt(unknownTx.url).receipt(TRX_TRANSFER_HASH)).rejects.toThrow(/raw_data/);
    const httpError = await node(() => TRX_TRANSFER_RECEIPT, {
      [TRX_TRANSFER_HASH.slice(2)]: { Error: 'class java.lang.Exception : boom' },
    });
    await expect(readerAt(httpError.url).receipt(TRX_TRANSFER_HASH)).rejects.toThrow(/HTTP API error: class java/);
  });

  it("fails on the rate limiter's non-JSON-RPC body (docs/api/json-rpc/index.md: JSON_RPC_RATE_LIMITED)", async () => {
    const { url } = await node(() => null, {}, JSON.stringify({ Error: 'lack of computing resources' }));
    // As a single call it is a missing result; inside a batch (how the reader sends calls made
    // together) it is a batch answered with the wrong number of responses. Both fail the step.
    await expect(readerAt(url).headNumber()).rejects.toThrow(/without a JSON-RPC result|responses to batch request/);
  });

  it('refuses a body that is not the documented shape instead of guessing', async () => {
    const { url } = await node(() => ({ ...NILE_BLOCK, hash: '0x' }));
    await expect(readerAt(url).block(1n, false)).rejects.toThrow(/unexpected java-tron response: block.hash/);
  });

  it('sends TRON_API_KEY as TRON-PRO-API-KEY to the JSON-RPC and the HTTP API, and nothing without one', async () => {
    const { url, seen } = await node((method) => (method === 'eth_blockNumber' ? '0x1' : TRX_TRANSFER_RECEIPT), {
      [TRX_TRANSFER_HASH.slice(2)]: ofType('TransferContract'),
    });
    await readerAt(url, 'key-123').headNumber();
    await readerAt(url, 'key-123').receipt(TRX_TRANSFER_HASH);
    expect(seen.map((request) => [request.path, request.headers['tron-pro-api-key']]).sort()).toEqual([
      ['/jsonrpc', 'key-123'],
      ['/jsonrpc', 'key-123'],
      ['/wallet/gettransactionbyid', 'key-123'],
    ]);
    seen.length = 0;
    await readerAt(url).headNumber();
    expect(seen[0].headers).not.toHaveProperty('tron-pro-api-key');
  });

  it('finds the HTTP API beside /jsonrpc, as TronGrid serves both', () => {
    expect(tronHttpApiUrl('https://api.trongrid.io/jsonrpc')).toBe('https://api.trongrid.io');
    expect(tronHttpApiUrl('https://nile.trongrid.io/jsonrpc/')).toBe('https://nile.trongrid.io');
    expect(tronHttpApiUrl('http://10.0.0.5:8545/tron/jsonrpc?x=1')).toBe('http://10.0.0.5:8545/tron');
  });
});
