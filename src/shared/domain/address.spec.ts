import { createBase58check } from '@scure/base';
import { getAddress, sha256 } from 'viem';
import { Address, REMEMBERED_DISPLAYS } from './address';
import { DomainError } from './domain-error';

// Tether's USDT contracts: on Ethereum, and on Tron in both of its spellings.
const USDT_ETH_CHECKSUM = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDT_TRON_BASE58 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_TRON_HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

function errorOf(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('Address', () => {
  describe('EVM', () => {
    it.each([USDT_ETH_CHECKSUM, USDT_ETH_CHECKSUM.toLowerCase(), `0x${USDT_ETH_CHECKSUM.slice(2).toUpperCase()}`])(
      'reads %s in any letter case and shows the EIP-55 checksum',
      (input) => {
        const address = Address.parse(input, 'evm');
        expect(address.display).toBe(USDT_ETH_CHECKSUM);
        expect(address.hex20).toBe('0xdac17f958d2ee523a2206206994597c13d831ec7');
        expect(address.networkType).toBe('evm');
        expect(String(address)).toBe(USDT_ETH_CHECKSUM);
      },
    );

    it('accepts a mixed-case address whose checksum is wrong (input is case-insensitive)', () => {
      expect(Address.parse('0xDAc17f958d2ee523a2206206994597c13d831ec7', 'evm').display).toBe(USDT_ETH_CHECKSUM);
    });

    it.each([
      '0xdac17f958d2ee523a2206206994597c13d831ec', // 39 digits
      '0xdac17f958d2ee523a2206206994597c13d831ec77', // 41 digits
      '0xgac17f958d2ee523a2206206994597c13d831ec7',
      'dac17f958d2ee523a2206206994597c13d831ec7',
      '0XDAC17F958D2EE523A2206206994597C13D831EC7',
      USDT_TRON_BASE58,
      '',
    ])('rejects %j', (input) => {
      expect(() => Address.parse(input, 'evm')).toThrow(DomainError);
    });
  });

  describe('Tron', () => {
    it.each([USDT_TRON_BASE58, USDT_TRON_HEX, USDT_TRON_HEX.toUpperCase()])(
      'reads %s and shows base58check',
      (input) => {
        const address = Address.parse(input, 'tvm');
        expect(address.display).toBe(USDT_TRON_BASE58);
        expect(address.hex20).toBe(`0x${USDT_TRON_HEX.slice(2)}`);
        expect(address.networkType).toBe('tvm');
      },
    );

    it('rejects a base58 address whose checksum does not match', () => {
      expect(() => Address.parse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'tvm')).toThrow(DomainError);
    });

    it('rejects a valid base58check payload without the 0x41 prefix', () => {
      const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));
      const payload = Uint8Array.from(Buffer.from(`42${USDT_TRON_HEX.slice(2)}`, 'hex'));
      const encoded = base58check.encode(payload);
      expect(() => Address.parse(encoded, 'tvm')).toThrow(DomainError);
    });

    it.each([
      USDT_ETH_CHECKSUM,
      `0x${USDT_TRON_HEX}`,
      USDT_TRON_HEX.slice(0, -1),
      `42${USDT_TRON_HEX.slice(2)}`,
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', // 33 characters
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t', // 0 is not in the base58 alphabet
    ])('rejects %j', (input) => {
      expect(() => Address.parse(input, 'tvm')).toThrow(DomainError);
    });
  });

  describe('parseUniversal', () => {
    it('tells the network type from the shape', () => {
      expect(Address.parseUniversal(USDT_ETH_CHECKSUM.toLowerCase()).networkType).toBe('evm');
      expect(Address.parseUniversal(USDT_TRON_BASE58).networkType).toBe('tvm');
      expect(Address.parseUniversal(USDT_TRON_HEX).display).toBe(USDT_TRON_BASE58);
    });

    it.each(['0x1234', 'T123', 'hello', `0x${USDT_TRON_HEX}`])('rejects %j', (input) => {
      expect(() => Address.parseUniversal(input)).toThrow(DomainError);
    });
  });

  it('reports a bad address as a 400-kind error naming the field', () => {
    const error = errorOf(() => Address.parse('0x1234', 'evm', 'approvers.2'));
    expect(error.kind).toBe('invalid');
    expect(error.details).toEqual([
      { field: 'approvers.2', message: expect.stringContaining('approvers.2 must be an EVM address') },
    ]);
  });

  it('compares by network type and bytes, not by spelling', () => {
    expect(Address.parse(USDT_TRON_HEX, 'tvm').equals(Address.parse(USDT_TRON_BASE58, 'tvm'))).toBe(true);
    expect(Address.parse(USDT_ETH_CHECKSUM, 'evm').equals(Address.parse(USDT_ETH_CHECKSUM.toLowerCase(), 'evm'))).toBe(
      true,
    );
    // The same 20 bytes on the two network types are two different accounts.
    const sameBytesOnEvm = Address.parse(`0x${USDT_TRON_HEX.slice(2)}`, 'evm');
    expect(sameBytesOnEvm.equals(Address.parse(USDT_TRON_BASE58, 'tvm'))).toBe(false);
  });
});

describe('Address (lookups by 20-byte form)', () => {
  it('accepts any case for EVM and returns the checksum form', () => {
    const address = Address.parse('0xdac17f958d2ee523a2206206994597c13d831ec7', 'evm');
    expect(address.display).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    expect(address.hex20).toBe('0xdac17f958d2ee523a2206206994597c13d831ec7');
    expect(Address.parse('0XDAC17F958D2EE523A2206206994597C13D831EC7'.replace('0X', '0x'), 'evm').equals(address)).toBe(
      true,
    );
  });

  it('reads Tron base58 and 41-hex as the same address', () => {
    const fromBase58 = Address.parse(USDT_TRON_BASE58, 'tvm');
    const fromHex = Address.parse(USDT_TRON_HEX, 'tvm');
    expect(fromHex.display).toBe(USDT_TRON_BASE58);
    expect(fromBase58.hex20).toBe(`0x${USDT_TRON_HEX.slice(2)}`);
    expect(fromBase58.equals(fromHex)).toBe(true);
    expect(Address.fromHex20(fromBase58.hex20, 'tvm').display).toBe(USDT_TRON_BASE58);
  });

  it.each([
    ['0x123', 'evm'],
    ['0xzzc17f958d2ee523a2206206994597c13d831ec7', 'evm'],
    [USDT_TRON_BASE58, 'evm'],
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

describe('Address (display forms remembered)', () => {
  const tron = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));
  const hex20 = (i: number) => `0x${i.toString(16).padStart(8, '0').repeat(5)}` as const;

  it(`gives each display form as computed afresh, the same again, past ${REMEMBERED_DISPLAYS} addresses too`, () => {
    const count = REMEMBERED_DISPLAYS + 10;
    for (const round of [1, 2]) {
      for (let i = 0; i < count; i += round === 1 ? 1 : 997) {
        const hex = hex20(i);
        expect(Address.fromHex20(hex, 'evm').display).toBe(getAddress(hex));
        expect(Address.fromHex20(hex.toUpperCase().replace('0X', '0x'), 'evm').display).toBe(getAddress(hex));
        expect(Address.fromHex20(hex, 'tvm').display).toBe(tron.encode(Buffer.from(`41${hex.slice(2)}`, 'hex')));
      }
    }
  });

  it('keeps the network types apart for the same 20 bytes', () => {
    const hex = `0x${USDT_TRON_HEX.slice(2)}`;
    expect(Address.fromHex20(hex, 'tvm').display).toBe(USDT_TRON_BASE58);
    expect(Address.fromHex20(hex, 'evm').display).toBe(getAddress(hex));
    expect(Address.parse(USDT_TRON_BASE58, 'tvm').display).toBe(USDT_TRON_BASE58);
  });
});
