import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  NestMiddleware,
  Optional,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { map, Observable, of } from 'rxjs';
import { labelRoute } from '../metrics/http-metrics.middleware';

/** How long any client or shared cache may reuse a public response without asking again. */
const MAX_AGE_SECONDS = 60;
const CACHE_CONTROL = `public, max-age=${MAX_AGE_SECONDS}`;

/**
 * A public body serialised once with its ETag, for responses that cannot change while the process
 * runs (the catalog is read at start): a handler returns it, and every request after the first
 * pays neither JSON.stringify nor the SHA-256.
 */
export class PrecomputedJson {
  readonly json: string;
  readonly etag: string;
  private encoded: Buffer | undefined;

  constructor(body: unknown) {
    this.json = JSON.stringify(body);
    this.etag = `"${createHash('sha256').update(this.json).digest('base64url')}"`;
  }

  /** `json` encoded once, on first use, for `RememberedPublicResponseMiddleware`'s direct write. */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.json);
    return this.encoded;
  }
}

/**
 * Remembers up to `limit` precomputed bodies by key (e.g. the normalised query), computing each
 * on first use. Past the limit it starts over, so odd queries cannot grow it without bound.
 */
export class PrecomputedJsonCache {
  private readonly bodies = new Map<string, PrecomputedJson>();

  constructor(private readonly limit = 256) {}

  get(key: string, body: () => unknown): PrecomputedJson {
    return this.find(key) ?? this.remember(key, new PrecomputedJson(body()));
  }

  find(key: string): PrecomputedJson | undefined {
    return this.bodies.get(key);
  }

  remember(key: string, body: PrecomputedJson): PrecomputedJson {
    if (this.bodies.size >= this.limit) this.bodies.clear();
    this.bodies.set(key, body);
    return body;
  }
}

/**
 * Public answers fixed for the life of the process, by exact request URL: filled by
 * `PublicCacheInterceptor`, answered by `RememberedPublicResponseMiddleware`. A module using
 * `@PublicCache()` provides it (one per module, shared by its controllers).
 */
@Injectable()
export class RememberedPublicResponses {
  private readonly byUrl = new Map<string, { body: PrecomputedJson; route: string | undefined }>();
  /** Past this many URLs it starts over, so odd queries cannot grow it without bound. */
  private readonly limit = 256;

  find(url: string): PrecomputedJson | undefined {
    return this.byUrl.get(url)?.body;
  }

  /** The route pattern whose handler made the answer remembered for `url` (the metrics' label). */
  routeOf(url: string): string | undefined {
    return this.byUrl.get(url)?.route;
  }

  remember(url: string, body: PrecomputedJson, route?: string): PrecomputedJson {
    if (this.byUrl.size >= this.limit) this.byUrl.clear();
    this.byUrl.set(url, { body, route });
    return body;
  }
}

/**
 * Makes a public GET cacheable (docs/contract.md, Catalog): serialises the body once, labels it with a strong ETag
 * (SHA-256 of the exact bytes sent) and `Cache-Control: public, max-age=60`.
 *
 * A handler that answers a `PrecomputedJson` declares its answer fixed for the life of the
 * process, so that answer is also remembered by the exact request URL (`RememberedPublicResponses`):
 * the same URL again is answered by `RememberedPublicResponseMiddleware` where the module mounts
 * it, or else here, before the validation pipe and the handler run (interceptors run before
 * pipes). Only a 200 is remembered; errors are thrown past this interceptor and so are neither
 * remembered nor marked cacheable.
 *
 * The 304 itself comes from Express: `res.send` compares the request's If-None-Match with the
 * ETag header set here (weak comparison, lists and `*`, as RFC 9110 asks) and, when one matches,
 * answers 304 without a body. Express's own automatic ETag is off (app-setup), so only responses
 * that pass through here ever carry an ETag.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(private readonly byUrl: RememberedPublicResponses) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<string> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const url = req.originalUrl;
    const res = http.getResponse<Response>();
    const remembered = this.byUrl.find(url);
    if (remembered !== undefined) return of(labelled(res, remembered));
    return next.handle().pipe(
      map((body: unknown) => {
        if (!(body instanceof PrecomputedJson)) return labelled(res, new PrecomputedJson(body));
        const route = (req.route as { path?: unknown } | undefined)?.path;
        this.byUrl.remember(url, body, typeof route === 'string' ? route : undefined);
        return labelled(res, body);
      }),
    );
  }
}

/**
 * The rate limit for requests answered before Nest routes them (no guard runs for those): admits
 * and sets the rate-limit headers, or throws the refusal. Provided by the auth context.
 */
export abstract class RequestThrottle {
  abstract admit(req: Request, res: Response): Promise<void>;
}

/**
 * Answers a GET (or HEAD) whose response is remembered, before Nest routes it: no guard, pipe or
 * interceptor pipeline runs for it, which made a remembered answer cost about as much as `/health`
 * does. It writes the encoded bytes with fixed headers itself: `res.send` would parse and re-format
 * the Content-Type and encode the string again on every request. The headers are the ones
 * `labelled` + `res.send` give the first answer, and the 304 for a current If-None-Match is
 * Express's own test (`req.fresh`); `catalog.e2e-spec` compares the two answers. A module mounts
 * it on its `@PublicCache()` routes. Since no guard runs, the rate limit is asked here
 * (`RequestThrottle`), so these requests still count; a refusal is thrown to the exception filter.
 */
@Injectable()
export class RememberedPublicResponseMiddleware implements NestMiddleware {
  constructor(
    private readonly byUrl: RememberedPublicResponses,
    @Optional() private readonly throttle?: RequestThrottle,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void | Promise<void> {
    const remembered = req.method === 'GET' || req.method === 'HEAD' ? this.byUrl.find(req.originalUrl) : undefined;
    if (remembered === undefined) {
      next();
      return;
    }
    // Answered before routing, so Express sets no req.route: the metrics are told the pattern of
    // the route that made the answer, the same label as the first, routed request's.
    labelRoute(res, this.byUrl.routeOf(req.originalUrl));
    if (this.throttle === undefined) {
      answer(req, res, remembered);
      return;
    }
    return this.throttle.admit(req, res).then(() => answer(req, res, remembered));
  }
}

function answer(req: Request, res: Response, remembered: PrecomputedJson): void {
  res.statusCode = 200;
  res.setHeader('ETag', remembered.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  if (req.fresh) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', remembered.bytes.length);
  res.end(req.method === 'HEAD' ? undefined : remembered.bytes);
}

/** Labels the response cacheable with the body's ETag and answers the body to write. */
function labelled(res: Response, { json, etag }: PrecomputedJson): string {
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.type('application/json');
  return json;
}

/** The headers of a 200 that passed through `PublicCacheInterceptor`, for `ApiOkResponse({ headers })`. */
export const PUBLIC_CACHE_HEADERS = {
  ETag: { description: 'Strong validator of this body; send it back in If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } },
};

/** Makes every GET of a controller (or one handler) cacheable, and documents how. */
export function PublicCache(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseInterceptors(PublicCacheInterceptor),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'ETag of a copy the client holds; 304 when it is still current.',
    }),
    ApiResponse({ status: 304, description: 'Not Modified: the copy named by If-None-Match is current. No body.' }),
  );
}
