import {
  addAmounts,
  amountParts,
  formatAmount,
  formatFiat,
  formatMoney,
  parseAmountInput,
  shortAddress,
} from './amounts';

describe('amount formatting (exact decimal strings, never floats)', () => {
  it('groups digits and uses the reader’s decimal mark', () => {
    expect(formatAmount('1234567.5', 'en-US')).toBe('1,234,567.5');
    expect(formatAmount('1234567.5', 'ru-RU')).toBe('1\u00a0234\u00a0567,5');
    expect(formatAmount('999', 'en-US')).toBe('999');
  });

  it('keeps every digit of an amount no float can hold', () => {
    expect(formatAmount('123456789012345678901234567890.123456789012345678', 'en-US')).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
  });

  it('drops trailing fraction zeros and leading whole zeros', () => {
    expect(formatAmount('0010.500', 'en-US')).toBe('10.5');
    expect(formatAmount('0.000', 'en-US')).toBe('0');
  });

  it('shows outgoing amounts with a minus sign, never "−0"', () => {
    expect(formatAmount('-12.5', 'en-US')).toBe('−12.5');
    expect(formatAmount('-0.0', 'en-US')).toBe('0');
  });

  it('cuts (never rounds up) a long fraction for summaries, and says so with an ellipsis', () => {
    expect(formatAmount('1.999999999', 'en-US', 6)).toBe('1.999999…');
    expect(formatAmount('1.5', 'en-US', 6)).toBe('1.5');
    expect(formatAmount('0.0000001', 'en-US', 6)).toBe('0…');
    expect(formatAmount('-0.0000001', 'en-US', 6)).toBe('−0…');
  });

  it('names the currency', () => {
    expect(formatMoney('5000', 'USDT', 'en-US')).toBe('5,000 USDT');
  });

  it('shows fiat with two decimals and its symbol', () => {
    expect(formatFiat('1234.5', 'usd', 'en-US')).toBe('$1,234.50');
    expect(formatFiat('0', 'eur', 'ru-RU')).toBe('€0,00');
    expect(formatFiat('12.345', 'cny', 'en-US')).toBe('¥12.34');
  });

  it('refuses what is not a decimal amount', () => {
    expect(() => amountParts('1e18')).toThrow();
    expect(() => amountParts('12.')).toThrow();
    expect(() => formatAmount('NaN', 'en-US')).toThrow();
  });
});

describe('amount input', () => {
  it('takes what a person types: spaces, a comma as the decimal mark', () => {
    expect(parseAmountInput(' 1 250,50 ', 6)).toBe('1250.5');
    expect(parseAmountInput('0.000001', 6)).toBe('0.000001');
    expect(parseAmountInput('007', 18)).toBe('7');
  });

  it('refuses zero, negatives, too many fraction digits and anything else', () => {
    expect(parseAmountInput('0', 6)).toBeNull();
    expect(parseAmountInput('0.000', 6)).toBeNull();
    expect(parseAmountInput('-1', 6)).toBeNull();
    expect(parseAmountInput('0.0000001', 6)).toBeNull();
    expect(parseAmountInput('1e3', 6)).toBeNull();
    expect(parseAmountInput('', 6)).toBeNull();
    expect(parseAmountInput('1.2.3', 6)).toBeNull();
  });
});

describe('shortAddress', () => {
  it('keeps the start and the end a person compares', () => {
    expect(shortAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x7099…79C8');
    expect(shortAddress('0x1234')).toBe('0x1234');
  });
});

describe('addAmounts', () => {
  it('adds exactly across scales and signs', () => {
    expect(addAmounts(['12.5', '0.25', '100'])).toBe('112.75');
    expect(addAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(addAmounts(['-1.5', '1'])).toBe('-0.5');
    expect(addAmounts([])).toBe('0');
  });
});
