import { requestCost } from './request-cost';

describe('requestCost', () => {
  it('is one unit for an everyday request', () => {
    expect(requestCost({ bytes: 0, computedMs: 0 })).toBe(1);
    expect(requestCost({ bytes: 50_000, computedMs: 500 })).toBe(1);
  });

  it('is one unit per 50 kB of answer started', () => {
    expect(requestCost({ bytes: 50_001, computedMs: 1 })).toBe(2);
    expect(requestCost({ bytes: 1_000_000, computedMs: 1 })).toBe(20);
    expect(requestCost({ bytes: 100_000_000, computedMs: null })).toBe(2_000);
  });

  it('is one unit per 500 ms of computing started, whichever is more', () => {
    expect(requestCost({ bytes: 10, computedMs: 501 })).toBe(2);
    expect(requestCost({ bytes: 120_000, computedMs: 2_000 })).toBe(4);
    expect(requestCost({ bytes: 10, computedMs: null })).toBe(1);
  });
});
