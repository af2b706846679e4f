import { decodeFunctionData, erc20Abi } from 'viem';
import { Address } from '../../../shared/domain/address';
import { payoutCalls } from './payout-calls';

describe('payoutCalls', () => {
  const recipient = Address.parse('0x1111111111111111111111111111111111111111', 'evm');

  it('sends native coin as the call value with empty data', () => {
    const [call, ...rest] = payoutCalls(recipient, 1_500_000_000_000_000_000n, null);
    expect(rest).toEqual([]);
    expect(call.to.display).toBe('0x1111111111111111111111111111111111111111');
    expect(call.value).toBe(1_500_000_000_000_000_000n);
    expect(call.data).toBe('0x');
  });

  it('calls transfer(recipient, amount) on the token contract', () => {
    const token = Address.parse('0xdac17f958d2ee523a2206206994597c13d831ec7', 'evm');
    const [call] = payoutCalls(recipient, 12_500_000n, token);
    expect(call.to.display).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(call.value).toBe(0n);
    const decoded = decodeFunctionData({ abi: erc20Abi, data: call.data });
    expect(decoded.functionName).toBe('transfer');
    expect(decoded.args).toEqual(['0x1111111111111111111111111111111111111111', 12_500_000n]);
  });

  it('encodes a Tron recipient by its 20-byte form and keeps the token a Tron address', () => {
    const tronRecipient = Address.parse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tvm');
    const token = Address.parse('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 'tvm');
    const [call] = payoutCalls(tronRecipient, 1n, token);
    expect(call.to.display).toBe('TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8');
    const decoded = decodeFunctionData({ abi: erc20Abi, data: call.data });
    expect(String((decoded.args as readonly unknown[])[0]).toLowerCase()).toBe(tronRecipient.hex20);
    expect(tronRecipient.hex20).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
  });
});
