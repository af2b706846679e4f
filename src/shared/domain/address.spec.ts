import { Address } from './address';
import { DomainError } from './domain-error';

const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_TRON_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

describe('Address', () => {
  it('accepts any case for EVM and returns the checksum form', () => {
    const address = Address.parse('0xdac17f958d2ee523a2206206994597c13d831ec7', 'evm');
    expect(address.display).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(address.hex20).toBe('0xdac17f958d2ee523a2206206994597c13d831ec7');
    expect(Address.parse('0XDAC17F958D2EE523A2206206994597C13D831EC7'.replace('0X', '0x'), 'evm').equals(address)).toBe(true);
  });

  it('reads Tron base58 and 41-hex as the same address', () => {
    const fromBase58 = Address.parse(USDT_TRON, 'tvm');
    const fromHex = Address.parse(USDT_TRON_HEX, 'tvm');
    expect(fromHex.display).toBe(USDT_TRON);
    expect(fromBase58.hex20).toBe(`0x${USDT_TRON_HEX.slice(2)}`);
    expect(fromBase58.equals(fromHex)).toBe(true);
    expect(Address.fromHex20(fromBase58.hex20, 'tvm').display).toBe(USDT_TRON);
  });

  it.each([
    ['0x123', 'evm'],
    ['0xzzc17f958d2ee523a2206206994597c13d831ec7', 'evm'],
    [USDT_TRON, 'evm'],
    ['0xdac17f958d2ee523a2206206994597c13d831ec7', 'tvm'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'tvm'], // checksum broken
    ['42a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'tvm'], // wrong prefix
  ] as const)('rejects %s for %s with a 400 naming the field', (input, network) => {
    expect(() => Address.parse(input, network, 'toAddress')).toThrow(DomainError);
    try {
      Address.parse(input, network, 'toAddress');
    } catch (error) {
      expect((error as DomainError).details[0].field).toBe('toAddress');
    }
  });
});
