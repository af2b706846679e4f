import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import type { NextFunction, Request, Response } from 'express';
import {
  PrecomputedJson,
  PublicCacheInterceptor,
  RememberedPublicResponseMiddleware,
  RememberedPublicResponses,
} from './public-cache.interceptor';

/** The request and response parts of an ExecutionContext that the interceptor reads and writes. */
function contextFor(originalUrl: string): { context: ExecutionContext; headers: Map<string, string> } {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    type: (value: string) => headers.set('content-type', value),
  };
  const http = { getRequest: () => ({ originalUrl }), getResponse: () => res };
  return { context: { switchToHttp: () => http } as unknown as ExecutionContext, headers };
}

function handlerAnswering(body: () => unknown): CallHandler & { calls: number } {
  const handler = {
    calls: 0,
    handle: () => {
      handler.calls += 1;
      return of(body());
    },
  };
  return handler;
}

describe('PublicCacheInterceptor', () => {
  it('answers a URL whose handler returned a PrecomputedJson from memory, without running the handler again', async () => {
    const interceptor = new PublicCacheInterceptor(new RememberedPublicResponses());
    const precomputed = new PrecomputedJson([{ id: '1' }]);
    const handler = handlerAnswering(() => precomputed);
    const first = contextFor('/api/v1/public/currencies?chainId=1');
    expect(await lastValueFrom(interceptor.intercept(first.context, handler))).toBe(precomputed.json);
    const again = contextFor('/api/v1/public/currencies?chainId=1');
    expect(await lastValueFrom(interceptor.intercept(again.context, handler))).toBe(precomputed.json);
    expect(handler.calls).toBe(1);
    expect(again.headers.get('etag')).toBe(precomputed.etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=60');
    // Another URL is another answer.
    await lastValueFrom(interceptor.intercept(contextFor('/api/v1/public/currencies').context, handler));
    expect(handler.calls).toBe(2);
  });

  it('runs the handler every time when it answers a plain body (not declared fixed)', async () => {
    const interceptor = new PublicCacheInterceptor(new RememberedPublicResponses());
    let version = 0;
    const handler = handlerAnswering(() => ({ version: (version += 1) }));
    const url = '/api/v1/public/smart-contract-versions/1.2.0-evm';
    const first = await lastValueFrom(interceptor.intercept(contextFor(url).context, handler));
    const second = contextFor(url);
    expect(await lastValueFrom(interceptor.intercept(second.context, handler))).not.toBe(first);
    expect(handler.calls).toBe(2);
    expect(second.headers.get('etag')).toBe(new PrecomputedJson({ version: 2 }).etag);
  });
});

describe('RememberedPublicResponseMiddleware', () => {
  const url = '/api/v1/public/currencies?chainId=1';

  function run(
    middleware: RememberedPublicResponseMiddleware,
    method: string,
    originalUrl: string,
    fresh = false,
  ): { ended: unknown[]; status: number | undefined; headers: Map<string, unknown>; passed: boolean } {
    const outcome = {
      ended: [] as unknown[],
      status: undefined as number | undefined,
      headers: new Map<string, unknown>(),
      passed: false,
    };
    const res = {
      set statusCode(code: number) {
        outcome.status = code;
      },
      setHeader: (name: string, value: unknown) => outcome.headers.set(name.toLowerCase(), value),
      end: (body?: unknown) => outcome.ended.push(body),
    };
    const next: NextFunction = () => {
      outcome.passed = true;
    };
    void middleware.use({ method, originalUrl, fresh } as Request, res as unknown as Response, next);
    return outcome;
  }

  it('answers a remembered URL itself with its encoded bytes, labelled as the interceptor labels it', () => {
    const remembered = new RememberedPublicResponses();
    const body = remembered.remember(url, new PrecomputedJson([{ id: '1', name: 'Tether USD₮' }]));
    const outcome = run(new RememberedPublicResponseMiddleware(remembered), 'GET', url);
    expect(outcome).toMatchObject({ passed: false, status: 200, ended: [Buffer.from(body.json)] });
    expect(Object.fromEntries(outcome.headers)).toEqual({
      etag: body.etag,
      'cache-control': 'public, max-age=60',
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body.json),
    });
  });

  it('answers HEAD with the headers and no body, and a current If-None-Match with a bare 304', () => {
    const remembered = new RememberedPublicResponses();
    const body = remembered.remember(url, new PrecomputedJson([{ id: '1' }]));
    const middleware = new RememberedPublicResponseMiddleware(remembered);
    const head = run(middleware, 'HEAD', url);
    expect(head).toMatchObject({ passed: false, status: 200, ended: [undefined] });
    expect(head.headers.get('content-length')).toBe(Buffer.byteLength(body.json));
    const notModified = run(middleware, 'GET', url, true);
    expect(notModified).toMatchObject({ passed: false, status: 304, ended: [undefined] });
    expect(Object.fromEntries(notModified.headers)).toEqual({ etag: body.etag, 'cache-control': 'public, max-age=60' });
  });

  it.each([
    ['another URL', 'GET', `${url}&isNative=true`],
    ['a method other than GET or HEAD', 'POST', url],
  ])('passes %s on to the route', (_label, method, originalUrl) => {
    const remembered = new RememberedPublicResponses();
    remembered.remember(url, new PrecomputedJson([]));
    const outcome = run(new RememberedPublicResponseMiddleware(remembered), method, originalUrl);
    expect(outcome).toMatchObject({ passed: true, status: undefined, ended: [] });
  });
});
