import { InMemoryCallerPositions } from './caller-positions';

describe('InMemoryCallerPositions', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps the newest position of each caller, never moving it back', async () => {
    const positions = new InMemoryCallerPositions(10_000);
    await positions.record('a', 200n);
    await positions.record('a', 100n);
    await positions.record('b', 50n);
    expect(await positions.newest('a')).toBe(200n);
    expect(await positions.newest('b')).toBe(50n);
    expect(await positions.newest('c')).toBeUndefined();
  });

  it('forgets a position once its time to live is over', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const positions = new InMemoryCallerPositions(10_000);
    await positions.record('a', 200n);
    jest.setSystemTime(1_010_000);
    expect(await positions.newest('a')).toBe(200n);
    jest.setSystemTime(1_010_001);
    expect(await positions.newest('a')).toBeUndefined();
    // A lower position after expiry is the caller's newest again.
    await positions.record('a', 150n);
    expect(await positions.newest('a')).toBe(150n);
  });
});
