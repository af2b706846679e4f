import { requestCost } from './request-cost';

/** API_RATE_UNIT_MS's default. */
const DEFAULT_MS_PER_UNIT = 25;

describe('requestCost', () => {
  it('is one unit for an everyday request', () => {
    expect(requestCost({ bytes: 0, computedMs: 0 }, DEFAULT_MS_PER_UNIT)).toBe(1);
    expect(requestCost({ bytes: 50_000, computedMs: 25 }, DEFAULT_MS_PER_UNIT)).toBe(1);
  });

  it('is one unit per 50 kB of answer started', () => {
    expect(requestCost({ bytes: 50_001, computedMs: 1 }, DEFAULT_MS_PER_UNIT)).toBe(2);
    expect(requestCost({ bytes: 1_000_000, computedMs: 1 }, DEFAULT_MS_PER_UNIT)).toBe(20);
    expect(requestCost({ bytes: 100_000_000, computedMs: null }, DEFAULT_MS_PER_UNIT)).toBe(2_000);
  });

  it('is one unit per 25 ms of computing started by default, whichever is more', () => {
    expect(requestCost({ bytes: 10, computedMs: 25.1 }, DEFAULT_MS_PER_UNIT)).toBe(2);
    expect(requestCost({ bytes: 10, computedMs: 330 }, DEFAULT_MS_PER_UNIT)).toBe(14);
    expect(requestCost({ bytes: 120_000, computedMs: 2_000 }, DEFAULT_MS_PER_UNIT)).toBe(80);
    expect(requestCost({ bytes: 120_000, computedMs: 20 }, DEFAULT_MS_PER_UNIT)).toBe(3);
    expect(requestCost({ bytes: 10, computedMs: null }, DEFAULT_MS_PER_UNIT)).toBe(1);
  });

  it('follows the unit an operator sets', () => {
    expect(requestCost({ bytes: 10, computedMs: 330 }, 500)).toBe(1);
    expect(requestCost({ bytes: 10, computedMs: 1_001 }, 500)).toBe(3);
  });
});
