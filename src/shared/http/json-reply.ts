import type { HttpServer } from '@nestjs/common';
import type { Response } from 'express';

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
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(json));
    response.end(json);
    return undefined;
  };
}

/** A plain object or array (what `res.json` would have serialised), not an Error or a stream. */
function isPlainJson(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  if (Array.isArray(body)) return true;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return prototype === Object.prototype || prototype === null;
}
