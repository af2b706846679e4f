import type { HttpServer } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../domain/domain-error';

/**
 * The most a JSON answer may hold, in bytes (1 MB, counted in decimal as every size in the docs).
 * The largest queue operation the contract allows is about 22 kB (32 packed signatures listed and
 * again in the blob, 8 calls), so a hundred of them would make a 2 MB page: a page that would pass
 * the limit is refused instead, telling the client the pageSize that fits.
 */
export const MAX_RESPONSE_BYTES = 1_000_000;

/**
 * The bytes of JSON a handler's result came to, answered or refused as too large: what the rate
 * limit charges for it (a refused 2 MB page cost the work of one).
 */
export function serializedBytesOf(response: Response): number {
  return (response.locals as { serializedBytes?: number }).serializedBytes ?? 0;
}

/**
 * A handler's plain JSON result written the way a bare node:http server writes it: one
 * JSON.stringify, fixed headers, one `end`. Express's `res.json` → `res.send` path parses and
 * re-formats the Content-Type, converts the string to a Buffer and checks freshness on every
 * response; profiles of the transaction endpoints showed that chain among the costs every
 * endpoint pays. Anything else (no body, HEAD, 204/304, a set Content-Type or ETag, e.g. the
 * public cache's precomputed bodies, streams, errors) still goes through Express unchanged.
 */
export function installJsonReply(adapter: HttpServer): void {
  const reply = adapter.reply.bind(adapter) as (response: unknown, body: unknown, statusCode?: number) => unknown;
  adapter.reply = (response: Response, body: unknown, statusCode?: number): unknown => {
    const status = statusCode ?? response.statusCode;
    if (
      !isPlainJson(body) ||
      status === 204 ||
      status === 304 ||
      response.req.method === 'HEAD' ||
      response.getHeader('Content-Type') !== undefined ||
      response.getHeader('ETag') !== undefined
    ) {
      return reply(response, body, statusCode);
    }
    const json = JSON.stringify(body);
    const bytes = Buffer.byteLength(json);
    (response.locals as { serializedBytes?: number }).serializedBytes = bytes;
    if (bytes > MAX_RESPONSE_BYTES) throw tooLarge(body, bytes);
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', bytes);
    response.end(json);
    return undefined;
  };
}

/**
 * A page past the limit is the client's to shrink: 400 naming `pageSize`, with the largest one
 * that fits these items. Nothing else can pass the limit (every other answer is bounded by the
 * lengths its inputs are validated to), so anything else is a fault of the service.
 */
function tooLarge(body: object, bytes: number): Error {
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items) || typeof (body as { pageSize?: unknown }).pageSize !== 'number') {
    return new Error(`a ${bytes}-byte JSON answer passes the ${MAX_RESPONSE_BYTES}-byte limit`);
  }
  let size = Buffer.byteLength(JSON.stringify({ ...body, items: [] }));
  let fits = 0;
  for (const item of items) {
    size += Buffer.byteLength(JSON.stringify(item)) + (fits === 0 ? 0 : 1);
    if (size > MAX_RESPONSE_BYTES) break;
    fits += 1;
  }
  return DomainError.field(
    'pageSize',
    `this page would hold ${bytes} bytes, more than the ${MAX_RESPONSE_BYTES} an answer may hold; ` +
      `pageSize ${Math.max(1, fits)} or less fits these items`,
    'PAGE_TOO_LARGE',
  );
}

/** A plain object or array (what `res.json` would have serialised), not an Error or a stream. */
function isPlainJson(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return prototype === Object.prototype || prototype === null;
}
