import { UINT256_MAX } from './amount';
import { Decimal } from './decimal';
import { fiatCents, fiatValue } from './fiat';

describe('fiat conversion', () => {
  it('converts base units at any number of decimals exactly', () => {
    expect(fiatValue(7n, 0, '2.5')?.toString()).toBe('17.5');
    expect(fiatValue(1_234_567n, 6, '0.92')?.toString()).toBe('1.13580164');
    expect(fiatValue(10n ** 18n + 1n, 18, '3000.5')?.toString()).toBe('3000.5000000000000030005');
    expect(fiatValue(1n, 24, '1')?.toString()).toBe('0.000000000000000000000001');
    expect(fiatValue(5n * 10n ** 23n, 24, '0.000000000000000000000001')?.toString()).toBe(
      '0.0000000000000000000000005',
    );
    expect(fiatValue(0n, 18, '3000')?.isZero()).toBe(true);
  });

  it('keeps every digit of the largest amount a token can hold', () => {
    const value = fiatValue(UINT256_MAX, 18, '123456.789012345678901234');
    const exact = UINT256_MAX * 123456789012345678901234n;
    expect(value?.compare(Decimal.of(exact, 18 + 18))).toBe(0);
    const cents = (exact + 5n * 10n ** 33n) / 10n ** 34n;
    expect(fiatCents(value!)).toBe(`${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`);
  });

  it('has no value without a rate', () => {
    expect(fiatValue(10n ** 6n, 6, null)).toBeNull();
    expect(fiatValue(10n ** 6n, 6, undefined)).toBeNull();
  });

  it('refuses a rate that is not a plain decimal', () => {
    for (const rate of ['1e3', '-1', '', 'NaN']) expect(() => fiatValue(1n, 0, rate)).toThrow();
  });

  it('rounds to the cent once, a half cent up', () => {
    expect(fiatCents(fiatValue(12_345n, 3, '1')!)).toBe('12.35');
    expect(fiatCents(fiatValue(12_344_999n, 6, '1')!)).toBe('12.34');
    expect(fiatCents(fiatValue(5n, 3, '1')!)).toBe('0.01');
    expect(fiatCents(fiatValue(4_999_999n, 9, '1')!)).toBe('0.00');
    expect(fiatCents(Decimal.ZERO)).toBe('0.00');
    expect(fiatCents(fiatValue(100n, 0, '3')!)).toBe('300.00');
    // Three thirds of a cent each round to nothing; their exact sum is a cent.
    const third = fiatValue(3_333_333_333_333_334n, 18, '1')!;
    expect(fiatCents(third)).toBe('0.00');
    expect(fiatCents(third.plus(third).plus(third))).toBe('0.01');
  });

  it('gives a single currency the cents of the truncate-at-10^-18-then-round rule it replaced', () => {
    const previous = (units: bigint, decimals: number, rate: string) => {
      const [whole, fraction = ''] = rate.split('.');
      const value = (units * BigInt(whole + fraction.padEnd(18, '0'))) / 10n ** BigInt(decimals);
      const cents = (value + 5n * 10n ** 15n) / 10n ** 16n;
      return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
    };
    let seed = 24n;
    const next = (bound: bigint) => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      return seed % bound;
    };
    for (let i = 0; i < 2000; i++) {
      const decimals = [0, 6, 8, 18, 24][Number(next(5n))];
      const units = next(10n ** BigInt(decimals + 9));
      const rate = `${next(100_000n)}.${next(10n ** 18n)
        .toString()
        .padStart(18, '0')}`;
      expect(fiatCents(fiatValue(units, decimals, rate)!)).toBe(previous(units, decimals, rate));
    }
    // The half-cent boundary itself, where truncation could have mattered.
    expect(fiatCents(fiatValue(5n * 10n ** 21n, 24, '1')!)).toBe(previous(5n * 10n ** 21n, 24, '1'));
  });
});
