/**
 * Express query parser for the whole API. Repeated keys become arrays and the `key[]=` spelling is
 * folded into `key`, so `a=x&a=y`, `a[]=x&a[]=y` and (after `ToArray`) `a=x,y` all read the same.
 * Nothing else is nested: `a[b]=c` stays a key named `a[b]` and is rejected as unknown.
 */
export function parseQueryString(query: string | null | undefined): Record<string, string | string[]> {
  // Express passes null when the URL has no `?`. URLSearchParams(null) reads the string "null"
  // (a parameter named null) on Node 22 and later, as the WHATWG spec says; Node 20 read nothing.
  // Most requests carry no query at all: they skip the parser.
  if (typeof query !== 'string' || query === '') return {};
  const values = new Map<string, string[]>();
  const forcedArrays = new Set<string>();
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (key !== rawKey) forcedArrays.add(key);
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  // fromEntries defines own properties, so a key named `__proto__` cannot touch the prototype.
  return Object.fromEntries(
    [...values].map(([key, list]) => [key, list.length === 1 && !forcedArrays.has(key) ? list[0] : list]),
  );
}
