import { lowerTimestampBound, upperTimestampBound } from './timestamp-bounds';

describe('inclusive timestamp bounds', () => {
  it.each([
    ['2026-01-01T00:00:10.0005Z', '2026-01-01T00:00:10.001Z', '2026-01-01T00:00:10.000Z'],
    ['2026-01-01T00:00:10.999999Z', '2026-01-01T00:00:11.000Z', '2026-01-01T00:00:10.999Z'],
    ['2026-01-01T00:00:10.123Z', '2026-01-01T00:00:10.123Z', '2026-01-01T00:00:10.123Z'],
    ['2026-01-01T00:00:10.1230000Z', '2026-01-01T00:00:10.123Z', '2026-01-01T00:00:10.123Z'],
    ['2026-01-01T02:00:10.0001+02:00', '2026-01-01T00:00:10.001Z', '2026-01-01T00:00:10.000Z'],
  ])('%s: from %s, to %s', (value, lower, upper) => {
    expect(lowerTimestampBound(value).toISOString()).toBe(lower);
    expect(upperTimestampBound(value).toISOString()).toBe(upper);
  });

  it('leaves an absent bound absent', () => {
    expect(lowerTimestampBound(undefined)).toBeUndefined();
    expect(upperTimestampBound(undefined)).toBeUndefined();
  });
});
