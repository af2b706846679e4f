import type { FieldProblem } from '../domain/domain-error';

/**
 * Shapes of input that no endpoint accepts, refused once for every route before any DTO sees them:
 * nesting deeper than any DTO (class-transformer recurses and would overflow the stack), the NUL
 * character (PostgreSQL text cannot hold it), and keys named after `Object.prototype` members
 * (`__proto__`, `constructor`, …), which are never a field and only ever an attack.
 */

/** Deeper than any DTO (the deepest, a chain-event batch or a JSON:API document, is 3). */
export const MAX_JSON_DEPTH = 32;

const PROTOTYPE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export function isPrototypeName(key: string): boolean {
  return PROTOTYPE_NAMES.has(key);
}

function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** The first problem of a parsed JSON body, naming where it is; undefined when the body is fine. */
export function inspectJson(body: unknown): FieldProblem | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value: body, depth: 1, path: '' }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasNul(value))
        return { field: path || 'body', message: `${path || 'body'} must not contain the NUL character (U+0000)` };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_JSON_DEPTH)
      return { field: 'body', message: `body must not be nested deeper than ${MAX_JSON_DEPTH} levels` };
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, depth: depth + 1, path: `${path}[${index}]` }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const child = path === '' ? key : `${path}.${key}`;
      if (isPrototypeName(key)) return { field: child, message: `${child} is not allowed` };
      if (hasNul(key)) return { field: 'body', message: 'body keys must not contain the NUL character (U+0000)' };
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: child });
    }
  }
  return undefined;
}

/** The first problem of a request URL's path or query string; undefined when it is fine. */
export function inspectQuery(url: string): FieldProblem | undefined {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (path.includes('%00')) return { field: 'path', message: 'path must not contain the NUL character (U+0000)' };
  if (mark === -1) return undefined;
  for (const [rawKey, value] of new URLSearchParams(url.slice(mark + 1))) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    if (isPrototypeName(key)) return { field: key, message: `${key} is not allowed` };
    if (hasNul(key) || hasNul(value)) {
      return { field: key, message: `${key} must not contain the NUL character (U+0000)` };
    }
  }
  return undefined;
}
