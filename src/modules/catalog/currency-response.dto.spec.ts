import { Address } from '../../shared/domain/address';
import type { Currency } from './catalog';
import { CurrencyResponseDto } from './currency-response.dto';

function usdt(): Currency {
  return {
    id: '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
    chainId: '1',
    symbol: 'USDT',
    name: 'Tether USD',
    address: Address.parse('0xdac17f958d2ee523a2206206994597c13d831ec7', 'evm'),
    decimals: 6,
    isNative: false,
    isScam: false,
    isVerified: true,
    cmcId: 825,
    logoUrl: null,
    usdRate: null,
    createdAt: new Date('2026-11-21T20:02:55.123Z'),
    updatedAt: new Date('2026-11-22T08:00:00.000Z'),
  };
}

describe('CurrencyResponseDto.from', () => {
  it('maps a currency to its wire form: EIP-55 address, ISO dates, no rate', () => {
    expect(CurrencyResponseDto.from(usdt())).toEqual({
      id: '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
      symbol: 'USDT',
      name: 'Tether USD',
      chainId: '1',
      address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      decimals: 6,
      isNative: false,
      isScam: false,
      isVerified: true,
      cmcId: 825,
      logoUrl: null,
      createdAt: '2026-11-21T20:02:55.123Z',
      updatedAt: '2026-11-22T08:00:00.000Z',
    });
  });

  it('builds one frozen answer per currency, however many items embed it', () => {
    const currency = usdt();
    const first = CurrencyResponseDto.from(currency);
    expect(CurrencyResponseDto.from(currency)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Another currency object (another catalog, e.g. after a restart) gets its own answer.
    const reloaded = usdt();
    expect(CurrencyResponseDto.from(reloaded)).not.toBe(first);
    expect(CurrencyResponseDto.from(reloaded)).toEqual(first);
  });
});
