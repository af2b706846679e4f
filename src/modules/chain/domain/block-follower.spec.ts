import { type Hex, keccak256, numberToHex, padHex, toHex } from 'viem';
import { BlockFollower, mapLimit, passesMilestone } from './block-follower';
import type { ChainBlock, ChainLog, ChainReader, ChainReceipt, ChainTransaction, LogQuery } from './chain-reader';
import type { ChainCheckpoint, CheckpointPort, CheckpointUpdate, StoredBlock } from './checkpoint';
import { NATIVE_LOG_INDEX } from './observations';
import { TRANSFER_TOPIC } from './wallet-events';

const CHAIN = '11155111';
const INVOICE = '0x00000000000000000000000000000000000000aa';
const WALLET = '0x00000000000000000000000000000000000000bb';
const STRANGER = '0x00000000000000000000000000000000000000cc';
const TOKEN = '0x00000000000000000000000000000000000000dd';
const SENDER = '0x00000000000000000000000000000000000000ee';

interface FakeTx extends ChainTransaction {
  readonly logs?: { address: Hex; topics: Hex[]; data: Hex }[];
}

/** An in-memory chain: blocks with hashes derived from their content and a fork counter. */
class FakeChain implements ChainReader {
  blocks: (ChainBlock & { txs: FakeTx[] })[] = [];
  failNext = 0;
  calls = { logs: 0, blocks: 0 };
  private fork = 0;

  constructor(length: number) {
    for (let i = 0; i < length; i++) this.mine();
  }

  mine(txs: FakeTx[] = []): ChainBlock {
    const number = BigInt(this.blocks.length);
    const parentHash = number === 0n ? padHex('0x0', { size: 32 }) : this.blocks[Number(number) - 1].hash;
    const hash = keccak256(toHex(`${parentHash}:${number}:${this.fork}:${txs.map((tx) => tx.hash).join()}`));
    const block = { number, hash, parentHash, transactions: txs, txs };
    this.blocks.push(block);
    return block;
  }

  /** Drops blocks from `from` on; the next mined blocks form another branch. */
  rewindTo(from: number): void {
    this.blocks = this.blocks.slice(0, from);
    this.fork++;
  }

  headNumber(): Promise<bigint> {
    this.maybeFail();
    return Promise.resolve(BigInt(this.blocks.length - 1));
  }

  block(number: bigint, withTransactions: boolean): Promise<ChainBlock | undefined> {
    this.maybeFail();
    this.calls.blocks++;
    const block = this.blocks[Number(number)];
    if (block === undefined) return Promise.resolve(undefined);
    return Promise.resolve({ ...block, transactions: withTransactions ? block.txs : [] });
  }

  logs(query: LogQuery): Promise<ChainLog[]> {
    this.maybeFail();
    this.calls.logs++;
    const logs: ChainLog[] = [];
    for (const block of this.blocks.slice(Number(query.fromBlock), Number(query.toBlock) + 1)) {
      let index = 0;
      for (const tx of block.txs) {
        for (const log of tx.logs ?? []) {
          const logIndex = index++;
          if (!query.events.includes(log.topics[0])) continue;
          if (query.address !== undefined && !query.address.includes(log.address)) continue;
          logs.push({
            ...log,
            blockNumber: block.number,
            blockHash: block.hash,
            transactionHash: tx.hash,
            logIndex,
          });
        }
      }
    }
    return Promise.resolve(logs);
  }

  receipt(): Promise<ChainReceipt> {
    return Promise.resolve({ success: true, valueIsNative: true, fee: 21_000n });
  }

  private maybeFail(): void {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('rpc down');
    }
  }
}

class MemoryCheckpoints implements CheckpointPort {
  nextBlock: bigint | undefined;
  blocks = new Map<bigint, StoredBlock>();
  failSave = false;

  load(): Promise<ChainCheckpoint | undefined> {
    if (this.nextBlock === undefined) return Promise.resolve(undefined);
    return Promise.resolve({
      nextBlock: this.nextBlock,
      blocks: [...this.blocks.values()].sort((a, b) => Number(a.number - b.number)).map((b) => structuredClone(b)),
    });
  }

  create(nextBlock: bigint): Promise<void> {
    this.nextBlock ??= nextBlock;
    return Promise.resolve();
  }

  save(update: CheckpointUpdate): Promise<void> {
    if (this.failSave) return Promise.reject(new Error('database down'));
    for (const n of [...this.blocks.keys()]) {
      if (update.dropFrom !== undefined && n >= update.dropFrom) this.blocks.delete(n);
      if (update.pruneBelow !== undefined && n < update.pruneBelow) this.blocks.delete(n);
    }
    for (const block of update.put) this.blocks.set(block.number, structuredClone(block));
    this.nextBlock = update.nextBlock;
    return Promise.resolve();
  }
}

const book = {
  refreshes: 0,
  refresh() {
    this.refreshes++;
    return Promise.resolve();
  },
  isWatched: (address: string) => address === INVOICE || address === WALLET,
  isDeployment: (address: string) => address === WALLET,
  invoiceNonce: (address: string) => (address === INVOICE ? '7' : undefined),
};

let txCounter = 0;
function nativeTx(to: string, value = 5n): FakeTx {
  return { hash: keccak256(toHex(`tx${txCounter++}`)), from: SENDER, to: to as Hex, value };
}
function tokenTx(to: string, value: bigint): FakeTx {
  return {
    hash: keccak256(toHex(`tx${txCounter++}`)),
    from: SENDER,
    to: TOKEN,
    value: 0n,
    logs: [
      {
        address: TOKEN,
        topics: [TRANSFER_TOPIC, padHex(SENDER, { size: 32 }), padHex(to as Hex, { size: 32 })],
        data: numberToHex(value, { size: 32 }),
      },
    ],
  };
}

interface Reported {
  eventId: string;
  kind: string;
  status: string;
  confirmations: number;
  txHash: string;
  logIndex?: number;
  blockHash?: string;
  amount?: string;
  currencyId?: string;
}

function setup(options: { length?: number; startBlock?: bigint | null; required?: number; batch?: number } = {}) {
  const chain = new FakeChain(options.length ?? 5);
  const store = new MemoryCheckpoints();
  const reported: Reported[] = [];
  const applied = new Set<string>();
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const make = () =>
    new BlockFollower(
      {
        chainId: CHAIN,
        requiredConfirmations: options.required ?? 3,
        batchBlocks: options.batch ?? 100,
        concurrency: 4,
        startBlock: options.startBlock === undefined ? 0n : options.startBlock,
      },
      chain,
      store,
      book,
      () => ({ chainId: CHAIN, tokens: new Map([[TOKEN, `${CHAIN}-${TOKEN}`]]), factories: new Set() }),
      (events) => {
        for (const event of events as unknown as Reported[]) {
          reported.push(event);
          applied.add(event.eventId);
        }
        return Promise.resolve();
      },
      logger,
    );
  /** Runs steps until the follower is idle. */
  const drain = async (follower: BlockFollower) => {
    for (let i = 0; i < 1000 && (await follower.step()); i++);
  };
  return { chain, store, reported, applied, logger, make, drain };
}

describe('BlockFollower', () => {
  it('reports a native and a token deposit EXECUTED with growing confirmations, then CONFIRMED once', async () => {
    const { chain, reported, make, drain } = setup();
    const follower = make();
    await follower.start();
    await drain(follower);
    expect(reported).toEqual([]);

    const native = nativeTx(INVOICE, 10n);
    const token = tokenTx(INVOICE, 250n);
    chain.mine([native, token, nativeTx(STRANGER), tokenTx(STRANGER, 1n)]);
    await drain(follower);
    expect(reported.map((e) => [e.txHash, e.status, e.confirmations, e.currencyId, e.amount])).toEqual([
      [native.hash, 'EXECUTED', 1, CHAIN, '10'],
      [token.hash, 'EXECUTED', 1, `${CHAIN}-${TOKEN}`, '250'],
    ]);
    expect(reported[0].logIndex).toBe(NATIVE_LOG_INDEX);

    chain.mine();
    await drain(follower);
    chain.mine();
    await drain(follower);
    chain.mine();
    await drain(follower);
    const statuses = reported.filter((e) => e.txHash === native.hash).map((e) => `${e.status}:${e.confirmations}`);
    expect(statuses).toEqual(['EXECUTED:1', 'EXECUTED:2', 'CONFIRMED:3']);
    expect(new Set(reported.map((e) => e.eventId)).size).toBe(reported.length);
    expect(follower.checkpoint).toBe(8n);
  });

  it('backfills in batches and reports old blocks CONFIRMED straight away', async () => {
    const { chain, reported, make, drain } = setup({ batch: 10 });
    const deposits: FakeTx[] = [];
    for (let i = 0; i < 50; i++) {
      const tx = i % 2 === 0 ? nativeTx(INVOICE, BigInt(i + 1)) : tokenTx(WALLET, BigInt(i + 1));
      deposits.push(tx);
      chain.mine([tx]);
    }
    for (let i = 0; i < 5; i++) chain.mine();
    const follower = make();
    await follower.start();
    await drain(follower);
    expect(reported.map((e) => e.txHash)).toEqual(deposits.map((tx) => tx.hash));
    expect(reported.every((e) => e.status === 'CONFIRMED')).toBe(true);
    // Two log queries (wallet events, token transfers) per 10-block step: never one per address.
    expect(chain.calls.logs).toBe(2 * Math.ceil(60 / 10));
  });

  it('catching up, reads the next range while this one is applied, and each block once', async () => {
    const { chain, reported, make, drain } = setup({ batch: 10 });
    const deposits: FakeTx[] = [];
    for (let i = 0; i < 40; i++) {
      const tx = i % 2 === 0 ? nativeTx(INVOICE, BigInt(i + 1)) : tokenTx(WALLET, BigInt(i + 1));
      deposits.push(tx);
      chain.mine([tx]);
    }
    for (let i = 0; i < 5; i++) chain.mine();
    const fullReads: bigint[] = [];
    /** How many events had been reported when each block was read with its transactions. */
    const reportedBefore = new Map<bigint, number>();
    const read = chain.block.bind(chain);
    chain.block = (number, withTransactions) => {
      if (withTransactions) {
        fullReads.push(number);
        reportedBefore.set(number, reported.length);
      }
      return read(number, withTransactions);
    };
    const follower = make();
    await follower.start();
    await drain(follower);
    expect(reported.map((e) => e.txHash)).toEqual(deposits.map((tx) => tx.hash));
    // Block 10 starts the second range: it was read before the first range's deposits were applied.
    expect(reportedBefore.get(10n)).toBe(0);
    const head = chain.blocks.length - 1;
    expect([...fullReads].sort((a, b) => Number(a - b))).toEqual(Array.from({ length: head + 1 }, (_, i) => BigInt(i)));
  });

  it('a reorg of an unconfirmed deposit reports it FAILED; the re-mined copy is a new observation', async () => {
    const { chain, reported, make, drain } = setup();
    const follower = make();
    await follower.start();
    await drain(follower);
    const deposit = nativeTx(INVOICE, 42n);
    chain.mine([deposit]);
    await drain(follower);
    expect(reported.map((e) => e.status)).toEqual(['EXECUTED']);
    const firstBlockHash = reported[0].blockHash;

    chain.rewindTo(5);
    chain.mine();
    chain.mine([deposit]);
    chain.mine();
    await drain(follower);
    const mine = reported.filter((e) => e.txHash === deposit.hash);
    expect(mine.map((e) => `${e.status}:${e.blockHash === firstBlockHash ? 'old' : 'new'}`)).toEqual([
      'EXECUTED:old',
      'FAILED:old',
      'EXECUTED:new',
    ]);
    chain.mine();
    await drain(follower);
    expect(reported.at(-1)).toMatchObject({ txHash: deposit.hash, status: 'CONFIRMED', confirmations: 3 });
  });

  it('a reorg that drops a deposit for good leaves only its FAILED report', async () => {
    const { chain, reported, make, drain } = setup();
    const follower = make();
    await follower.start();
    chain.mine([nativeTx(INVOICE, 1n)]);
    await drain(follower);
    chain.rewindTo(5);
    for (let i = 0; i < 5; i++) chain.mine();
    await drain(follower);
    expect(reported.map((e) => e.status)).toEqual(['EXECUTED', 'FAILED']);
  });

  it('a head below the checkpoint waits (a lagging node); the fork is found once the chain passes it', async () => {
    const { chain, reported, make, drain } = setup();
    const follower = make();
    await follower.start();
    chain.mine([nativeTx(INVOICE, 1n)]);
    chain.mine();
    await drain(follower);
    chain.rewindTo(5);
    await drain(follower);
    expect(reported.map((e) => `${e.status}:${e.confirmations}`)).toEqual(['EXECUTED:2']);
    expect(follower.checkpoint).toBe(6n);
    chain.mine();
    chain.mine();
    await drain(follower);
    expect(reported.map((e) => `${e.status}:${e.confirmations}`)).toEqual(['EXECUTED:2', 'FAILED:0']);
    expect(follower.checkpoint).toBe(6n);
  });

  it('a restart resumes from the checkpoint: replays use the same event ids and nothing is lost', async () => {
    const { chain, store, reported, applied, make, drain } = setup({ batch: 3 });
    const first = make();
    await first.start();
    const deposits: FakeTx[] = [];
    for (let i = 0; i < 12; i++) {
      const tx = nativeTx(INVOICE, BigInt(i + 1));
      deposits.push(tx);
      chain.mine([tx]);
    }
    // Stop after two steps; the second step's checkpoint save fails after its events went out.
    await first.step();
    store.failSave = true;
    await expect(first.step()).rejects.toThrow('database down');
    store.failSave = false;
    const beforeRestart = reported.length;

    const second = make();
    await second.start();
    await drain(second);
    for (let i = 0; i < 3; i++) chain.mine();
    await drain(second);
    const settled = reported.filter((e) => e.status === 'CONFIRMED');
    expect(new Set(settled.map((e) => e.txHash))).toEqual(new Set(deposits.map((tx) => tx.hash)));
    // The replayed step sent events already applied: the intake ignores them by id.
    const replayed = reported
      .slice(beforeRestart)
      .filter((e) => reported.slice(0, beforeRestart).some((x) => x.eventId === e.eventId));
    expect(replayed.length).toBeGreaterThan(0);
    expect(applied.size).toBeLessThan(reported.length);
  });

  it('an RPC failure throws without moving the checkpoint; the next step succeeds', async () => {
    const { chain, reported, make, drain } = setup();
    const follower = make();
    await follower.start();
    await drain(follower);
    chain.mine([nativeTx(INVOICE, 3n)]);
    chain.failNext = 1;
    await expect(follower.step()).rejects.toThrow('rpc down');
    expect(follower.checkpoint).toBe(4n);
    await drain(follower);
    expect(reported).toHaveLength(1);
  });

  it('starts at the head when no start block is configured', async () => {
    const { chain, reported, make, drain } = setup({ startBlock: null });
    chain.mine([nativeTx(INVOICE, 9n)]);
    const follower = make();
    await follower.start();
    await drain(follower);
    expect(follower.checkpoint).toBe(5n);
    expect(reported).toHaveLength(1);
  });
});

describe('confirmation milestones', () => {
  it('reports every count up to 8, then powers of two, then the required count', async () => {
    const { chain, reported, make, drain } = setup({ required: 20 });
    const follower = make();
    await follower.start();
    const deposit = nativeTx(INVOICE, 1n);
    chain.mine([deposit]);
    await drain(follower);
    for (let i = 0; i < 25; i++) {
      chain.mine();
      await drain(follower);
    }
    expect(reported.map((e) => `${e.status}:${e.confirmations}`)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 16].map((n) => `EXECUTED:${n}`),
      'CONFIRMED:20',
    ]);
  });

  it.each([
    [0, 1, true],
    [7, 8, true],
    [8, 9, false],
    [8, 16, true],
    [15, 16, true],
    [16, 31, false],
    [30, 33, true],
  ])('from %d to %d: %s', (before, now, expected) => {
    expect(passesMilestone(before, now)).toBe(expected);
  });
});

describe('mapLimit', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const result = await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return n * 2;
    });
    expect(result).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(peak).toBe(3);
  });
});
