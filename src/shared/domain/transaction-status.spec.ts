import { nextTransactionStatus } from './transaction-status';

describe('nextTransactionStatus', () => {
  it.each([
    [undefined, 'PENDING', 0, 'PENDING'],
    [undefined, 'EXECUTED', 12, 'CONFIRMED'],
    ['PENDING', 'EXECUTED', 3, 'EXECUTED'],
    ['EXECUTED', 'EXECUTED', 12, 'CONFIRMED'],
    ['EXECUTED', 'PENDING', 0, 'EXECUTED'],
    ['CONFIRMED', 'EXECUTED', 5, 'CONFIRMED'],
    ['CONFIRMED', 'FAILED', 0, 'CONFIRMED'],
    ['PENDING', 'FAILED', 0, 'FAILED'],
    ['EXECUTED', 'FAILED', 0, 'FAILED'],
    ['FAILED', 'EXECUTED', 20, 'FAILED'],
  ] as const)('%s + reported %s with %i confirmations → %s', (current, reported, confirmations, expected) => {
    expect(nextTransactionStatus(current, reported, confirmations, 12)).toBe(expected);
  });
});
