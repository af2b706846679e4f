import { concat, encodeAbiParameters, type Hex, keccak256, numberToHex, padHex } from 'viem';
import { Address } from '../../../shared/domain/address';
import type { TransferEvent } from '../domain/chain-event';
import type { ChainBlock } from '../domain/chain-reader';
import { findObservations, toChainEvent } from '../domain/observations';
import { CLAIM_TOPIC } from '../domain/wallet-events';
import { toTronChainEvent } from './tron-event-codec';

const CHAIN = '728126428';
// TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t, Tron's USDT, in the wire's 20-byte form.
const USDT_HEX = '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c';
const USDT_ID = `${CHAIN}-TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`;
const WALLET = '0x00000000000000000000000000000000000000bb';
const PAYER = '0x00000000000000000000000000000000000000cc';
const TX = `0x${'ab'.repeat(32)}` as Hex;
const base58 = (hex: string) => Address.fromHex20(hex, 'tvm').display;

describe('toTronChainEvent', () => {
  it('writes a transfer in Tron spelling: base58 addresses, the hash without 0x; the rest as it was', () => {
    const event: TransferEvent = {
      eventId: 'evm:728126428:0xab…',
      kind: 'transfer',
      chainId: CHAIN,
      txHash: TX,
      logIndex: 3,
      blockHash: `0x${'cd'.repeat(32)}`,
      fromAddress: PAYER,
      toAddress: WALLET,
      currencyId: USDT_ID,
      amount: '25000000',
      status: 'EXECUTED',
      confirmations: 1,
    };
    expect(toTronChainEvent(event)).toEqual({
      ...event,
      txHash: 'ab'.repeat(32),
      fromAddress: base58(PAYER),
      toAddress: base58(WALLET),
    });
    expect(base58(WALLET)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('maps a Tron wallet’s Claim back to the invoice nonce whose deposit address is the 0x41 CREATE2 one', () => {
    // The deposit account of invoice 7: CREATE2 with Tron's 0x41 prefix where EVM has 0xff.
    const initCodeHash = keccak256('0x6080');
    const deposit = `0x${keccak256(concat(['0x41', WALLET, numberToHex(7n, { size: 32 }), initCodeHash])).slice(-40)}`;
    const book = {
      isWatched: (address: string) => address === WALLET || address === deposit,
      isDeployment: (address: string) => address === WALLET,
      invoiceNonce: (address: string) => (address === deposit ? '7' : undefined),
    };
    const block: ChainBlock = {
      number: 5n,
      hash: `0x${'11'.repeat(32)}`,
      parentHash: `0x${'22'.repeat(32)}`,
      transactions: [],
    };
    const claimLog = {
      address: WALLET as Hex,
      topics: [CLAIM_TOPIC, padHex(WALLET as Hex, { size: 32 })],
      data: encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
        [deposit as Hex, USDT_HEX, 25_000_000n, 0n],
      ),
      blockNumber: 5n,
      blockHash: block.hash,
      transactionHash: TX,
      logIndex: 0,
    };
    const catalog = { chainId: CHAIN, tokens: new Map([[USDT_HEX, USDT_ID]]), factories: new Set<string>() };
    const [claim] = findObservations(block, [claimLog], new Map(), book, catalog);
    expect(toTronChainEvent(toChainEvent(CHAIN, claim, 'CONFIRMED', 19))).toMatchObject({
      kind: 'claim',
      txHash: 'ab'.repeat(32),
      deploymentAddress: base58(WALLET),
      currencyId: USDT_ID,
      invoiceNonces: ['7'],
    });
  });
});
