import { isUuid, uuidv7, uuidv7After } from './ids';

describe('ids', () => {
  it('makes version 7 UUIDs that sort by time', () => {
    const early = uuidv7(1_700_000_000_000);
    const late = uuidv7(1_700_000_000_001);
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
  });

  it('makes version 7 UUIDs that sort in the order made, even within one millisecond', () => {
    const made: string[] = [];
    for (let i = 0; i < 1000; i++) made.push(uuidv7After(made.at(-1)));
    expect(made.every((id) => isUuid(id))).toBe(true);
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    // A previous id from the future (a clock step back): one more than it, never before it.
    const ahead = uuidv7(Date.now() + 60_000);
    expect(uuidv7After(ahead) > ahead).toBe(true);
  });

  it.each([
    ['00000000-0000-0000-0000-000000000000', true],
    ['FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', true],
    ['6ba7b810-9dad-11d1-80b4-00c04fd430c8', true],
    ['0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b', true],
    ['0193a4c2-7d1e-9a52-9f2b-3c4d5e6f7a8b', false], // version 9
    ['0193a4c2-7d1e-7a52-cf2b-3c4d5e6f7a8b', false], // variant c
    ['0193a4c2-7d1e-0a52-8f2b-3c4d5e6f7a8b', false], // version 0
    ['0193a4c27d1e7a529f2b3c4d5e6f7a8b', false],
    ['not-a-uuid', false],
  ])('isUuid(%s) is %s', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
