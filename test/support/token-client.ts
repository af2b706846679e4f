import type { Server } from 'node:http';
import request from 'supertest';

export const JSON_API = 'application/vnd.api+json';

export function obtainDocument(login: unknown, password: unknown): object {
  return { data: { type: 'auth-token', attributes: { login, password } } };
}

export function refreshDocument(refresh: unknown): object {
  return { data: { type: 'auth-token', attributes: { refresh } } };
}

/** POST /token/ as a JSON:API client sends it. */
export function postObtain(http: Server, body: object, headers: Record<string, string> = {}): request.Test {
  return request(http).post('/token/').set('Content-Type', JSON_API).set(headers).send(JSON.stringify(body));
}

export function postRefresh(http: Server, body: object): request.Test {
  return request(http).post('/token/refresh/').set('Content-Type', JSON_API).send(JSON.stringify(body));
}

export interface TokenPair {
  readonly sessionId: string;
  readonly access: string;
  readonly refresh: string;
}

/** Obtains tokens and fails loudly if the service refuses. */
export async function obtainTokens(
  http: Server,
  login: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<TokenPair> {
  const res = await postObtain(http, obtainDocument(login, password), headers);
  if (res.status !== 200) throw new Error(`obtain failed: ${res.status} ${res.text}`);
  const body = JSON.parse(res.text) as { data: { id: string; attributes: { access: string; refresh: string } } };
  return { sessionId: body.data.id, access: body.data.attributes.access, refresh: body.data.attributes.refresh };
}

/** supertest does not parse application/vnd.api+json bodies; this does. */
export function jsonApiBody<T = Record<string, unknown>>(res: request.Response): T {
  return JSON.parse(res.text) as T;
}
