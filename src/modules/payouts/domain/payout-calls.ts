import { encodeFunctionData, erc20Abi } from 'viem';
import type { Address } from '../../../shared/domain/address';

export interface PayoutCall {
  readonly to: string;
  readonly value: string;
  readonly data: `0x${string}`;
}

/**
 * The calls a PAYOUT operation executes (SPEC §8): a native transfer sends `amount` as the call's
 * value; a token transfer calls the token contract's ERC-20/TRC-20 `transfer(address,uint256)`.
 * Addresses in `to` are in display form (EIP-55 or Tron base58); TRC-20 calldata carries the
 * recipient's 20-byte form, as Tron's ABI encoding does.
 */
export function payoutCalls(recipient: Address, amount: bigint, token: Address | null): PayoutCall[] {
  if (token === null) return [{ to: recipient.display, value: amount.toString(), data: '0x' }];
  return [
    {
      to: token.display,
      value: '0',
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient.hex20, amount] }),
    },
  ];
}
