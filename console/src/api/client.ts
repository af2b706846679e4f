/**
 * The console talks only to the documented /api/v1 endpoints, with the session cookie of the
 * wallet sign-in and, on every state-changing request, the session's CSRF token.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** The service's messages start with "[ERR_400] "; a person reads only the sentence. */
export function humanMessage(message: string): string {
  return message.replace(/^\[ERR_\d+\]\s*/, '');
}

type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>;

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value as readonly string[]) params.append(key, item);
    else params.set(key, String(value as string | number | boolean));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  const parsed: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (parsed ?? {}) as { code?: string; message?: string };
    throw new ApiError(
      response.status,
      error.code ?? `HTTP_${response.status}`,
      humanMessage(error.message ?? response.statusText),
      response.headers.get('x-request-id'),
    );
  }
  return parsed as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const get = <T>(path: string, query?: Query): Promise<T> => api<T>('GET', withQuery(path, query));
export const post = <T>(path: string, body: unknown = {}): Promise<T> => api<T>('POST', path, body);
export const put = <T>(path: string, body: unknown): Promise<T> => api<T>('PUT', path, body);
export const patch = <T>(path: string, body: unknown): Promise<T> => api<T>('PATCH', path, body);
export const del = <T>(path: string): Promise<T> => api<T>('DELETE', path);
