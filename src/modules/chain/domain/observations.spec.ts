import { encodeAbiParameters, type Hex, numberToHex, padHex } from 'viem';
import type { ChainBlock, ChainLog } from './chain-reader';
import { type AddressBook, findObservations, NATIVE_LOG_INDEX, toChainEvent } from './observations';
import {
  CLAIM_TOPIC,
  CREATE_SUCCESS_TOPIC,
  EXECUTE_SUCCESS_TOPIC,
  SET_CONFIG_TOPIC,
  TRANSFER_TOPIC,
} from './wallet-events';

const CHAIN = '11155111';
const WALLET = '0x00000000000000000000000000000000000000bb';
const INVOICE = '0x00000000000000000000000000000000000000aa';
const TOKEN = '0x00000000000000000000000000000000000000dd';
const FACTORY = '0x00000000000000000000000000000000000000fa';
const OTHER = '0x00000000000000000000000000000000000000cc';
const ZERO = '0x0000000000000000000000000000000000000000';
const BLOCK: ChainBlock = {
  number: 10n,
  hash: `0x${'ab'.repeat(32)}`,
  parentHash: `0x${'cd'.repeat(32)}`,
  transactions: [],
};
const TX1: Hex = `0x${'01'.repeat(32)}`;
const TX2: Hex = `0x${'02'.repeat(32)}`;

const book: AddressBook = {
  isWatched: (address) => address === WALLET || address === INVOICE,
  isDeployment: (address) => address === WALLET,
  invoiceNonce: (address) => (address === INVOICE ? '4' : undefined),
};
const catalog = { chainId: CHAIN, tokens: new Map([[TOKEN, `${CHAIN}-${TOKEN}`]]), factories: new Set([FACTORY]) };

let index = 0;
function log(address: string, topics: Hex[], data: Hex = '0x', transactionHash = TX1): ChainLog {
  return {
    address: address as Hex,
    topics,
    data,
    blockNumber: BLOCK.number,
    blockHash: BLOCK.hash,
    transactionHash,
    logIndex: index++,
  };
}
const topic = (address: string): Hex => padHex(address as Hex, { size: 32 });
const claimData = (deposit: string, token: string, tokenAmount: bigint, ethAmount: bigint): Hex =>
  encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
    [deposit as Hex, token as Hex, tokenAmount, ethAmount],
  );

describe('findObservations', () => {
  it('keeps successful native transfers to watched addresses only', () => {
    const block: ChainBlock = {
      ...BLOCK,
      transactions: [
        { hash: TX1, from: OTHER, to: INVOICE, value: 5n },
        { hash: TX2, from: OTHER, to: OTHER, value: 5n },
        { hash: `0x${'03'.repeat(32)}`, from: OTHER, to: WALLET, value: 0n },
        { hash: `0x${'04'.repeat(32)}`, from: OTHER, to: WALLET, value: 7n },
      ],
    };
    const receipts = new Map([
      [TX1, { success: true, valueIsNative: true, fee: 21n }],
      [`0x${'04'.repeat(32)}` as Hex, { success: false, valueIsNative: true, fee: 30n }],
    ]);
    expect(findObservations(block, [], receipts, book, catalog)).toEqual([
      {
        kind: 'transfer',
        txHash: TX1,
        logIndex: NATIVE_LOG_INDEX,
        blockNumber: '10',
        blockHash: BLOCK.hash,
        fromAddress: OTHER,
        toAddress: INVOICE,
        currencyId: CHAIN,
        amount: '5',
        fee: '21',
      },
    ]);
  });

  it('skips a value the receipt says is not the native coin, and reports no fee when the node gives none', () => {
    const trc10: Hex = `0x${'05'.repeat(32)}`;
    const block: ChainBlock = {
      ...BLOCK,
      transactions: [
        { hash: TX1, from: OTHER, to: INVOICE, value: 5n },
        { hash: trc10, from: OTHER, to: INVOICE, value: 1_000_000n },
      ],
    };
    const receipts = new Map([
      [TX1, { success: true, valueIsNative: true, fee: undefined }],
      [trc10, { success: true, valueIsNative: false, fee: undefined }],
    ]);
    const found = findObservations(block, [], receipts, book, catalog);
    expect(found).toEqual([expect.objectContaining({ kind: 'transfer', txHash: TX1, amount: '5' })]);
    expect(found[0]).not.toHaveProperty('fee');
  });

  it('reads catalog-token Transfers to watched addresses; ignores other tokens, recipients and ERC-721', () => {
    const logs = [
      log(TOKEN, [TRANSFER_TOPIC, topic(OTHER), topic(INVOICE)], numberToHex(250n, { size: 32 })),
      log(TOKEN, [TRANSFER_TOPIC, topic(OTHER), topic(OTHER)], numberToHex(1n, { size: 32 })),
      log(OTHER, [TRANSFER_TOPIC, topic(OTHER), topic(INVOICE)], numberToHex(1n, { size: 32 })),
      log(TOKEN, [TRANSFER_TOPIC, topic(OTHER), topic(INVOICE), numberToHex(1n, { size: 32 })]),
    ];
    const found = findObservations(BLOCK, logs, new Map(), book, catalog);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'transfer', currencyId: `${CHAIN}-${TOKEN}`, amount: '250', toAddress: INVOICE }),
    ]);
  });

  it('groups a transaction’s ExecuteSuccess logs into one execution; SetConfig adds nothing', () => {
    const id1: Hex = `0x${'00'.repeat(16)}${'11'.repeat(16)}`;
    const id2: Hex = `0x${'00'.repeat(16)}${'22'.repeat(16)}`;
    const logs = [
      log(WALLET, [EXECUTE_SUCCESS_TOPIC, numberToHex(0n, { size: 32 }), `0x${'ee'.repeat(32)}`, id1]),
      log(
        WALLET,
        [SET_CONFIG_TOPIC],
        encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }], [WALLET, 2n, 1n]),
      ),
      log(WALLET, [EXECUTE_SUCCESS_TOPIC, numberToHex(1n, { size: 32 }), `0x${'ef'.repeat(32)}`, id2]),
      log(OTHER, [EXECUTE_SUCCESS_TOPIC, numberToHex(0n, { size: 32 }), `0x${'ee'.repeat(32)}`, id1]),
    ];
    expect(findObservations(BLOCK, logs, new Map(), book, catalog)).toEqual([
      expect.objectContaining({ kind: 'execution', deploymentAddress: WALLET, executeOperationIds: [id1, id2] }),
    ]);
  });

  it('maps Claim deposits to invoice nonces per currency; unknown deposits are skipped', () => {
    const logs = [
      log(WALLET, [CLAIM_TOPIC, topic(WALLET)], claimData(INVOICE, TOKEN, 100n, 3n)),
      log(WALLET, [CLAIM_TOPIC, topic(WALLET)], claimData(OTHER, TOKEN, 100n, 0n)),
      log(WALLET, [CLAIM_TOPIC, topic(WALLET)], claimData(INVOICE, ZERO, 0n, 9n), TX2),
    ];
    expect(findObservations(BLOCK, logs, new Map(), book, catalog)).toEqual([
      expect.objectContaining({ kind: 'claim', txHash: TX1, currencyId: `${CHAIN}-${TOKEN}`, invoiceNonces: ['4'] }),
      expect.objectContaining({ kind: 'claim', txHash: TX1, currencyId: CHAIN, invoiceNonces: ['4'] }),
      expect.objectContaining({ kind: 'claim', txHash: TX2, currencyId: CHAIN, invoiceNonces: ['4'] }),
    ]);
  });

  it('takes CreateSuccess of a known wallet from a configured factory only', () => {
    const logs = [
      log(FACTORY, [CREATE_SUCCESS_TOPIC, topic(WALLET)]),
      log(OTHER, [CREATE_SUCCESS_TOPIC, topic(WALLET)]),
      log(FACTORY, [CREATE_SUCCESS_TOPIC, topic(OTHER)]),
    ];
    expect(findObservations(BLOCK, logs, new Map(), book, catalog)).toEqual([
      expect.objectContaining({ kind: 'deploy', deploymentAddress: WALLET }),
    ]);
  });
});

describe('toChainEvent', () => {
  const observation = {
    kind: 'transfer' as const,
    txHash: TX1,
    logIndex: 3,
    blockNumber: '10',
    blockHash: BLOCK.hash,
    fromAddress: OTHER,
    toAddress: INVOICE,
    currencyId: CHAIN,
    amount: '5',
  };

  it('gives the same id to the same report and a new id per status, confirmation count and block', () => {
    const a = toChainEvent(CHAIN, observation, 'EXECUTED', 1);
    expect(toChainEvent(CHAIN, observation, 'EXECUTED', 1)).toEqual(a);
    const ids = new Set([
      a.eventId,
      toChainEvent(CHAIN, observation, 'EXECUTED', 2).eventId,
      toChainEvent(CHAIN, observation, 'CONFIRMED', 3).eventId,
      toChainEvent(CHAIN, { ...observation, blockHash: `0x${'99'.repeat(32)}` }, 'EXECUTED', 1).eventId,
    ]);
    expect(ids.size).toBe(4);
    expect(a).toMatchObject({ kind: 'transfer', chainId: CHAIN, logIndex: 3, blockHash: BLOCK.hash, confirmations: 1 });
    expect((a.eventId as string).length).toBeLessThanOrEqual(200);
  });
});
