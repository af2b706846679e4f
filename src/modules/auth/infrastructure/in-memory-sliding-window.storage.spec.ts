import { InMemorySlidingWindowStorage } from './in-memory-sliding-window.storage';

describe('InMemorySlidingWindowStorage', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-21T20:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  const admitted = (hits: number, timeToExpire: number) => ({
    totalHits: hits,
    timeToExpire,
    isBlocked: false,
    timeToBlockExpire: 0,
  });
  const refused = (hits: number, seconds: number) => ({
    totalHits: hits,
    timeToExpire: seconds,
    isBlocked: true,
    timeToBlockExpire: seconds,
  });

  it('admits `limit` hits in any window and says when the oldest one leaves it', async () => {
    const storage = new InMemorySlidingWindowStorage();
    expect(await storage.increment('a', 60_000, 3)).toEqual(admitted(1, 60));
    jest.advanceTimersByTime(10_000);
    expect(await storage.increment('a', 60_000, 3)).toEqual(admitted(2, 50));
    jest.advanceTimersByTime(10_000);
    expect(await storage.increment('a', 60_000, 3)).toEqual(admitted(3, 40));
    jest.advanceTimersByTime(10_000);
    // Hits at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(await storage.increment('a', 60_000, 3)).toEqual(refused(3, 30));
    expect(await storage.increment('b', 60_000, 3)).toEqual(admitted(1, 60));
    jest.advanceTimersByTime(29_999);
    expect(await storage.increment('a', 60_000, 3)).toEqual(refused(3, 1));
    jest.advanceTimersByTime(1);
    expect(await storage.increment('a', 60_000, 3)).toEqual(admitted(3, 10));
    // The window slides: the hits at 10 s, 20 s and 60 s are all still in it.
    expect(await storage.increment('a', 60_000, 3)).toEqual(refused(3, 10));
  });

  it('does not count refused hits, so knocking does not extend the wait', async () => {
    const storage = new InMemorySlidingWindowStorage();
    await storage.increment('a', 60_000, 1);
    for (let knock = 0; knock < 5; knock++) {
      jest.advanceTimersByTime(10_000);
      expect((await storage.increment('a', 60_000, 1)).isBlocked).toBe(true);
    }
    jest.advanceTimersByTime(10_000);
    expect((await storage.increment('a', 60_000, 1)).isBlocked).toBe(false);
  });

  it('takes charges past the limit and refuses until the count is back under it', async () => {
    const storage = new InMemorySlidingWindowStorage();
    expect(await storage.increment('a', 60_000, 3)).toEqual(admitted(1, 60));
    jest.advanceTimersByTime(10_000);
    // A heavy answer at 10 s costs 4 more: 5 hits against a limit of 3.
    await storage.charge('a', 60_000, 4);
    jest.advanceTimersByTime(10_000);
    // Leaving at 60 s (the first) still leaves 4: the count drops under 3 when the charges leave at 70 s.
    expect(await storage.increment('a', 60_000, 3)).toEqual(refused(5, 50));
    jest.advanceTimersByTime(40_000);
    expect(await storage.increment('a', 60_000, 3)).toEqual(refused(4, 10));
    jest.advanceTimersByTime(10_000);
    expect(await storage.increment('a', 60_000, 3)).toEqual(admitted(1, 60));
  });
});
