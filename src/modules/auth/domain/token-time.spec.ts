import { formatTokenTime, plusSeconds, toEpochSeconds } from './token-time';

describe('token-service time', () => {
  const time = 1_795_293_189_411_900n; // 2026-11-21T20:33:09.411900Z

  it('formats with microseconds and an explicit +00:00 offset', () => {
    expect(formatTokenTime(time)).toBe('2026-11-21T20:33:09.411900+00:00');
    expect(formatTokenTime(1_795_293_189_000_007n)).toBe('2026-11-21T20:33:09.000007+00:00');
  });

  it('adds whole seconds without losing the microseconds', () => {
    expect(formatTokenTime(plusSeconds(time, 60))).toBe('2026-11-21T20:34:09.411900+00:00');
  });

  it('rounds JWT times so a token never expires before its advertised time', () => {
    expect(toEpochSeconds(time, 'floor')).toBe(1_795_293_189);
    expect(toEpochSeconds(time, 'ceil')).toBe(1_795_293_190);
    expect(toEpochSeconds(1_795_293_189_000_000n, 'ceil')).toBe(1_795_293_189);
  });
});
