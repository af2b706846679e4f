import { parseQueryString } from './query-string';

describe('parseQueryString', () => {
  it('reads the three array spellings alike', () => {
    expect(parseQueryString('currencyIds=a&currencyIds=b')).toEqual({ currencyIds: ['a', 'b'] });
    expect(parseQueryString('currencyIds[]=a&currencyIds[]=b')).toEqual({ currencyIds: ['a', 'b'] });
    expect(parseQueryString('currencyIds%5B%5D=a')).toEqual({ currencyIds: ['a'] });
    expect(parseQueryString('currencyIds=a,b')).toEqual({ currencyIds: 'a,b' });
  });

  it('reads no parameter when the URL has no query (Express passes null; on Node 24 URLSearchParams(null) is "null=")', () => {
    expect(parseQueryString(null)).toEqual({});
    expect(parseQueryString(undefined)).toEqual({});
    expect(parseQueryString('')).toEqual({});
  });

  it('keeps single values scalar and does not nest objects', () => {
    expect(parseQueryString('page=2&a[b]=c')).toEqual({ page: '2', 'a[b]': 'c' });
  });

  it('cannot pollute the prototype', () => {
    const parsed = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.keys(parsed).sort()).toEqual(['__proto__', 'constructor']);
  });
});
