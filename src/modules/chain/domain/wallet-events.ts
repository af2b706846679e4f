import { decodeAbiParameters, type Hex, parseAbiItem, toEventSelector } from 'viem';

/**
 * The logs the indexer reads (docs/contract.md, The contracts). Topics are matched by selector and
 * decoded by hand: a handful of fixed layouts, read millions of times during a backfill.
 */
export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
export const EXECUTE_SUCCESS_EVENT = parseAbiItem(
  'event ExecuteSuccess(uint256 indexed nonce, bytes32 indexed digest, bytes32 indexed id)',
);
export const SET_CONFIG_EVENT = parseAbiItem('event SetConfig(address sender, uint256 ownerCount, uint256 threshold)');
export const CLAIM_EVENT = parseAbiItem(
  'event Claim(address indexed recipient, address deposit, address token, uint256 tokenAmount, uint256 ethAmount)',
);
export const CREATE_SUCCESS_EVENT = parseAbiItem('event CreateSuccess(address indexed instance)');

export const TRANSFER_TOPIC = toEventSelector(TRANSFER_EVENT);
export const EXECUTE_SUCCESS_TOPIC = toEventSelector(EXECUTE_SUCCESS_EVENT);
export const SET_CONFIG_TOPIC = toEventSelector(SET_CONFIG_EVENT);
export const CLAIM_TOPIC = toEventSelector(CLAIM_EVENT);
export const CREATE_SUCCESS_TOPIC = toEventSelector(CREATE_SUCCESS_EVENT);

/** Emitted by wallets (matched by emitter address in memory) and by the factory. */
export const WALLET_AND_FACTORY_TOPICS: readonly Hex[] = [
  EXECUTE_SUCCESS_TOPIC,
  CLAIM_TOPIC,
  SET_CONFIG_TOPIC,
  CREATE_SUCCESS_TOPIC,
];

/** An indexed `address` topic as a lower-case 0x + 40 hex address. */
export function topicAddress(topic: Hex | undefined): string | undefined {
  if (topic === undefined || topic.length !== 66) return undefined;
  return `0x${topic.slice(26).toLowerCase()}`;
}

/** ERC-20 `Transfer`: three topics and a 32-byte value (ERC-721's has four topics and no data). */
export function decodeTransfer(
  topics: readonly Hex[],
  data: Hex,
): { from: string; to: string; value: bigint } | undefined {
  if (topics.length !== 3 || data.length !== 66) return undefined;
  const from = topicAddress(topics[1]);
  const to = topicAddress(topics[2]);
  if (from === undefined || to === undefined) return undefined;
  return { from, to, value: BigInt(data) };
}

export interface DecodedClaim {
  readonly deposit: string;
  readonly token: string;
  readonly tokenAmount: bigint;
  readonly ethAmount: bigint;
}

export function decodeClaim(data: Hex): DecodedClaim | undefined {
  try {
    const [deposit, token, tokenAmount, ethAmount] = decodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
      data,
    );
    return { deposit: deposit.toLowerCase(), token: token.toLowerCase(), tokenAmount, ethAmount };
  } catch {
    return undefined;
  }
}
