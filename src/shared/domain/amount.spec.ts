import { Amount } from './amount';
import { DomainError } from './domain-error';

describe('Amount', () => {
  it.each([
    ['12.5', 6, 12_500_000n],
    ['0.000001', 6, 1n],
    ['7', 0, 7n],
    ['1', 18, 10n ** 18n],
    ['0010.10', 2, 1010n],
  ])('parses %s with %d decimals', (input, decimals, expected) => {
    expect(Amount.parse(input, decimals).baseUnits).toBe(expected);
  });

  it.each([
    ['1.0000001', 6],
    ['-1', 6],
    ['1e3', 6],
    ['.5', 6],
    ['5.', 6],
    ['', 6],
    [' 1', 6],
    [12, 6],
    [null, 6],
  ])('rejects %p with %d decimals as a 400 naming the field', (input, decimals) => {
    expect(() => Amount.parse(input, decimals, 'requestedAmount')).toThrow(DomainError);
    try {
      Amount.parse(input, decimals, 'requestedAmount');
    } catch (error) {
      expect((error as DomainError).details[0].field).toBe('requestedAmount');
    }
  });

  it('rejects more than uint256', () => {
    expect(() => Amount.parse((1n << 256n).toString(), 0)).toThrow(DomainError);
  });

  it.each([
    [12_500_000n, 6, '12.5'],
    [1n, 6, '0.000001'],
    [0n, 6, '0'],
    [10n ** 18n, 18, '1'],
    [42n, 0, '42'],
  ])('formats %s with %d decimals as %s', (base, decimals, expected) => {
    expect(Amount.ofBaseUnits(base).format(decimals)).toBe(expected);
  });
});
