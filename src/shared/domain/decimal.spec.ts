import { Decimal } from './decimal';

describe('Decimal', () => {
  it('multiplies and adds exactly, with no float on the way', () => {
    const balance = Decimal.of(1_234_567n, 6); // 1.234567 USDT
    const rate = Decimal.parse('0.92');
    expect(balance.times(rate).toString()).toBe('1.13580164');
    const total = Decimal.parse('0.1').plus(Decimal.parse('0.2'));
    expect(total.toString()).toBe('0.3');
    const wei = Decimal.of(10n ** 18n + 1n, 18);
    expect(wei.times(Decimal.parse('3000.5')).toString()).toBe('3000.5000000000000030005');
  });

  it('prints without trailing zeros or exponent, negative values with a sign', () => {
    expect(Decimal.of(1500000n, 6).toString()).toBe('1.5');
    expect(Decimal.of(-5n, 1).toString()).toBe('-0.5');
    expect(Decimal.ZERO.toString()).toBe('0');
    expect(Decimal.of(10n ** 30n, 0).toString()).toBe('1' + '0'.repeat(30));
  });

  it('compares across scales', () => {
    expect(Decimal.parse('1.5').compare(Decimal.of(15n, 1))).toBe(0);
    expect(Decimal.parse('2').compare(Decimal.parse('10.01'))).toBe(-1);
    expect(Decimal.of(-1n, 0).compare(Decimal.ZERO)).toBe(-1);
  });

  it('rounds to a scale a half away from zero, and prints that many digits', () => {
    expect(Decimal.parse('0.125').roundedTo(2).toString()).toBe('0.13');
    expect(Decimal.parse('0.1249').roundedTo(2).toString()).toBe('0.12');
    expect(Decimal.of(-125n, 3).roundedTo(2).toString()).toBe('-0.13');
    expect(Decimal.parse('1.5').roundedTo(4).compare(Decimal.parse('1.5'))).toBe(0);
    expect(Decimal.parse('2.5').toFixed(0)).toBe('3');
    expect(Decimal.parse('1.5').toFixed(2)).toBe('1.50');
    expect(Decimal.of(-4n, 3).toFixed(2)).toBe('0.00');
    expect(Decimal.of(-6n, 3).toFixed(2)).toBe('-0.01');
    expect(Decimal.ZERO.toFixed(2)).toBe('0.00');
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['1e3', '-1', '.5', '1.', 'abc', '']) expect(() => Decimal.parse(bad)).toThrow();
  });
});
