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
  ): { sent: unknown[]; status: number | undefined; headers: Map<string, string>; passed: boolean } {
    const outcome = {
      sent: [] as unknown[],
      status: undefined as number | undefined,
      headers: new Map(),
      passed: false,
    };
    const res = {
      setHeader: (name: string, value: string) => outcome.headers.set(name.toLowerCase(), value),
      type: (value: string) => outcome.headers.set('content-type', value),
      status(code: number) {
        outcome.status = code;
        return this;
      },
      send: (body: unknown) => outcome.sent.push(body),
    };
    const next: NextFunction = () => {
      outcome.passed = true;
    };
    middleware.use({ method, originalUrl } as Request, res as unknown as Response, next);
    return outcome;
  }

  it('answers a remembered URL itself, labelled as the interceptor labels it', () => {
    const remembered = new RememberedPublicResponses();
    const body = remembered.remember(url, new PrecomputedJson([{ id: '1' }]));
    const outcome = run(new RememberedPublicResponseMiddleware(remembered), 'GET', url);
    expect(outcome).toMatchObject({ passed: false, status: 200, sent: [body.json] });
    expect(Object.fromEntries(outcome.headers)).toEqual({
      etag: body.etag,
      'cache-control': 'public, max-age=60',
      'content-type': 'application/json',
    });
  });

  it.each([
    ['another URL', 'GET', `${url}&isNative=true`],
    ['a method other than GET or HEAD', 'POST', url],
  ])('passes %s on to the route', (_label, method, originalUrl) => {
    const remembered = new RememberedPublicResponses();
    remembered.remember(url, new PrecomputedJson([]));
    const outcome = run(new RememberedPublicResponseMiddleware(remembered), method, originalUrl);
    expect(outcome).toMatchObject({ passed: true, status: undefined, sent: [] });
  });
});
