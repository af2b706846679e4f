import { encodeFunctionData, erc20Abi } from 'viem';
import type { Address } from '../../../shared/domain/address';

/** One call of the PAYOUT operation; the same shape as the queue's `Call`. */
export interface PayoutCall {
  readonly to: Address;
  /** Base units of the native coin sent with the call. */
  readonly value: bigint;
  readonly data: `0x${string}`;
}

/**
 * The calls a PAYOUT operation executes (docs/contract.md, Payouts): a native transfer sends `amount` as the call's
 * value with empty data; a token transfer calls the token contract's ERC-20/TRC-20
 * `transfer(address,uint256)` with value 0. TRC-20 calldata carries the recipient's 20-byte form,
 * as Tron's ABI encoding does.
 */
export function payoutCalls(recipient: Address, amount: bigint, token: Address | null): PayoutCall[] {
  if (token === null) return [{ to: recipient, value: amount, data: '0x' }];
  return [
    {
      to: token,
      value: 0n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient.hex20, amount] }),
    },
  ];
}
