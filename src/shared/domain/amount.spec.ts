import { Amount } from './amount';
import { DomainError } from './domain-error';

describe('Amount', () => {
  it.each([
    [0n, 6, '0'],
    [1n, 6, '0.000001'],
    [1500000n, 6, '1.5'],
    [1000000n, 6, '1'],
    [123n, 0, '123'],
    [10n ** 18n, 18, '1'],
    [-1500000n, 6, '-1.5'],
    [-1n, 18, '-0.000000000000000001'],
    [2n ** 256n - 1n, 18, '115792089237316195423570985008687907853269984665640564039457.584007913129639935'],
  ])('renders %s base units with %i decimals as %s', (units, decimals, text) => {
    expect(Amount.fromBaseUnits(units, decimals).toDecimalString()).toBe(text);
  });

  it.each([
    ['0', 6, 0n],
    ['12.5', 6, 12500000n],
    ['12.500000', 6, 12500000n],
    ['0.000001', 6, 1n],
    ['1', 0, 1n],
  ])('parses %s with %i decimals', (text, decimals, units) => {
    expect(Amount.parse(text, decimals).baseUnits).toBe(units);
  });

  it('round-trips', () => {
    for (const text of ['0', '1', '0.1', '123456.789', '99999999999.000001']) {
      expect(Amount.parse(text, 6).toDecimalString()).toBe(text);
    }
  });

  it.each(['', '1.', '.5', '-1', '+1', '1e6', '1,5', ' 1', '0x10', '1.0000001', '00001', '007', '01.5', '00.5'])(
    'rejects %j as a 400 naming the field',
    (text) => {
      let thrown: unknown;
      try {
        Amount.parse(text, 6, 'requestedAmount');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect((thrown as DomainError).kind).toBe('invalid');
      expect((thrown as DomainError).details[0].field).toBe('requestedAmount');
    },
  );

  it('rejects non-strings', () => {
    expect(() => Amount.parse(12 as unknown as string, 6)).toThrow(DomainError);
  });

  it('rejects more digits than numeric(78,0) holds', () => {
    expect(() => Amount.parse('9'.repeat(70), 18)).toThrow(DomainError);
  });
});

describe('Amount bounds', () => {
  it('rejects more than uint256 and accepts uint256 max', () => {
    expect(() => Amount.parse((1n << 256n).toString(), 0)).toThrow('Invalid value for amount');
    expect(() => Amount.parse('1'.repeat(100), 0)).toThrow('Invalid value for amount');
    expect(Amount.parse(((1n << 256n) - 1n).toString(), 0).baseUnits).toBe((1n << 256n) - 1n);
  });
});
