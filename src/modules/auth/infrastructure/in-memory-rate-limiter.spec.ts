import { InMemoryRateLimiter } from './in-memory-rate-limiter';

describe('InMemoryRateLimiter (sliding window)', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-21T20:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('admits `limit` hits in any window and says when the oldest one leaves it', async () => {
    const limiter = new InMemoryRateLimiter();
    for (let hit = 0; hit < 3; hit++) {
      expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: true });
      jest.advanceTimersByTime(10_000);
    }
    // Hits at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await limiter.hit('b', 3, 60_000)).toEqual({ allowed: true });
    jest.advanceTimersByTime(29_999);
    expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    jest.advanceTimersByTime(1);
    expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: true });
    // The window slides: the hits at 10 s, 20 s and 60 s are all still in it.
    expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it('does not count refused hits, so knocking does not extend the wait', async () => {
    const limiter = new InMemoryRateLimiter();
    await limiter.hit('a', 1, 60_000);
    for (let knock = 0; knock < 5; knock++) {
      jest.advanceTimersByTime(10_000);
      expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(false);
    }
    jest.advanceTimersByTime(10_000);
    expect(await limiter.hit('a', 1, 60_000)).toEqual({ allowed: true });
  });
});
