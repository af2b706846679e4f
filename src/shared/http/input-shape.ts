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

interface Visit {
  readonly value: unknown;
  readonly depth: number;
  /** Where the value sits; the path is spelled out only when there is a problem to report. */
  readonly parent: Visit | undefined;
  readonly key: string | number | undefined;
}

function pathOf(visit: Visit | undefined, key?: string): string {
  const parts: (string | number)[] = key === undefined ? [] : [key];
  for (let at = visit; at !== undefined && at.key !== undefined; at = at.parent) parts.unshift(at.key);
  return parts.reduce<string>(
    (path, part) => (typeof part === 'number' ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`),
    '',
  );
}

/** The first problem of a parsed JSON body, naming where it is; undefined when the body is fine. */
export function inspectJson(body: unknown): FieldProblem | undefined {
  const stack: Visit[] = [{ value: body, depth: 1, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const value = visit.value;
    if (typeof value === 'string') {
      if (hasNul(value)) {
        const field = pathOf(visit) || 'body';
        return { field, message: `${field} must not contain the NUL character (U+0000)` };
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (visit.depth > MAX_JSON_DEPTH) {
      return { field: 'body', message: `body must not be nested deeper than ${MAX_JSON_DEPTH} levels` };
    }
    const depth = visit.depth + 1;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        stack.push({ value: value[index] as unknown, depth, parent: visit, key: index });
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (PROTOTYPE_NAMES.has(key)) {
        const field = pathOf(visit, key);
        return { field, message: `${field} is not allowed` };
      }
      if (hasNul(key)) return { field: 'body', message: 'body keys must not contain the NUL character (U+0000)' };
      const child = (value as Record<string, unknown>)[key];
      // Scalars other than strings need no visit of their own.
      if (typeof child === 'string' ? hasNul(child) : typeof child === 'object' && child !== null) {
        stack.push({ value: child, depth, parent: visit, key });
      }
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
