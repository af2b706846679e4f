import { Address } from '../../../shared/domain/address';
import type { ObservedChainEvent } from '../domain/chain-event';

const ADDRESS_FIELDS = ['fromAddress', 'toAddress', 'deploymentAddress'] as const;
const TOKEN_CURRENCY = /^(\d+)-(0x[0-9a-f]{40})$/;

/**
 * The edge between the block follower and the service on a Tron chain. The follower works in the
 * wire's spelling, which java-tron's JSON-RPC shares with Ethereum: 20-byte hex addresses (the `41`
 * prefix dropped) and `0x` hashes. The service speaks Tron's own: base58check addresses (also
 * inside a token's currency id) and transaction hashes without `0x`. Every other field passes as
 * it is.
 */
export function toTronChainEvent(observed: ObservedChainEvent): ObservedChainEvent {
  const event: Record<string, unknown> = { ...observed };
  const encoded: Record<string, unknown> = { ...event };
  for (const field of ADDRESS_FIELDS) {
    const value = event[field];
    if (typeof value === 'string') encoded[field] = Address.fromHex20(value, 'tvm').display;
  }
  if (typeof event.txHash === 'string') encoded.txHash = event.txHash.replace(/^0x/i, '').toLowerCase();
  if (typeof event.currencyId === 'string') {
    const token = TOKEN_CURRENCY.exec(event.currencyId);
    if (token !== null) encoded.currencyId = `${token[1]}-${Address.fromHex20(token[2], 'tvm').display}`;
  }
  // The same event with some of its strings respelled: its type does not change.
  return encoded as unknown as ObservedChainEvent;
}
