import { Body, Controller, Get, Module, Post, Query, RequestMethod, Type } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { ApplicationConfig, ModulesContainer } from '@nestjs/core';
import { IsString, MaxLength } from 'class-validator';
import { Client } from 'pg';
import request from 'supertest';
import { ensureDatabase } from '../../src/database/database-setup';
import { prepareDatabase } from '../../src/database/prepare-database';
import { IdempotencyInterceptor } from '../../src/shared/http/idempotency/idempotency.interceptor';
import { PublicCacheInterceptor } from '../../src/shared/http/public-cache.interceptor';
import { UndeclaredQueryGuard } from '../../src/shared/http/undeclared-query.guard';
import { createLogger } from '../../src/shared/logging/logger';
import {
  PaginationQueryDto,
  QueryArray,
  QueryBoolean,
  QueryEnum,
  QueryTimestamp,
  pageRequest,
} from '../../src/shared/http/query-params';
import { createTestApp, TestApp } from '../support/test-app';

class ProbeQueryDto extends PaginationQueryDto {
  @QueryEnum(['asc', 'desc'])
  sortOrder?: string;

  @QueryBoolean()
  isClaimed?: boolean;

  @QueryArray()
  currencyIds?: string[];

  @QueryArray({ enum: ['PENDING', 'EXECUTED'] })
  statuses?: string[];

  @QueryTimestamp()
  createdFrom?: string;
}

class ProbeBodyDto {
  @IsString()
  @MaxLength(200_000)
  name: string;
}

@Controller('probe')
class ProbeController {
  @Get()
  list(@Query() query: ProbeQueryDto) {
    return { query, page: pageRequest(query) };
  }

  @Post()
  create(@Body() body: ProbeBodyDto) {
    return body;
  }

  @Get('boom')
  boom(): never {
    throw new Error('relation "secret_table" does not exist at Parser.parse (/app/node_modules/pg/lib/parser.js:1:1)');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('platform: error model, request ids, query parsing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ extraModules: [ProbeModule] });
  });
  afterAll(() => t.close());

  describe('request ids and the error shape', () => {
    it('generates X-Request-Id and reports liveness', async () => {
      const res = await request(t.http).get('/health').expect(200);
      expect(res.headers['x-request-id']).toMatch(UUID7);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('echoes a client request id and replaces an unsafe one', async () => {
      const echoed = await request(t.http).get('/health').set('X-Request-Id', 'client-id-123');
      expect(echoed.headers['x-request-id']).toBe('client-id-123');
      const replaced = await request(t.http).get('/health').set('X-Request-Id', 'bad id with spaces');
      expect(replaced.headers['x-request-id']).toMatch(UUID7);
    });

    it('answers unknown routes with ErrorResponseDto', async () => {
      const res = await request(t.http).get('/api/v1/nothing-here').set('X-Request-Id', 'r-404').expect(404);
      expect(res.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'NOT_FOUND',
        message: '[ERR_404] Resource not found',
        requestId: 'r-404',
      });
    });

    it('hides internal errors: no stack, no SQL, no paths', async () => {
      const res = await request(t.http).get('/probe/boom').expect(500);
      expect(res.body).toMatchObject({
        statusCode: 500,
        code: 'INTERNAL_ERROR',
        message: '[ERR_500] Internal server error',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/secret_table|node_modules|Parser/);
    });

    it('reports readiness with the database', async () => {
      await request(t.http).get('/health/ready').expect(200, { status: 'ok', database: 'ok' });
    });
  });

  describe('bodies', () => {
    it('accepts a valid body', async () => {
      await request(t.http).post('/probe').send({ name: 'x' }).expect(201, { name: 'x' });
    });

    it('rejects malformed JSON with 400', async () => {
      const res = await request(t.http)
        .post('/probe')
        .set('Content-Type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(res.body).toMatchObject({ code: 'INVALID_JSON', message: '[ERR_400] Request body is not valid JSON' });
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
    });

    it('rejects an unknown body field, naming it', async () => {
      const res = await request(t.http).post('/probe').send({ name: 'x', admin: true }).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details).toEqual([{ field: 'admin', message: 'admin is not allowed' }]);
    });

    it('names a missing or mistyped field', async () => {
      const missing = await request(t.http).post('/probe').send({}).expect(400);
      expect(missing.body.details.map((d: { field: string }) => d.field)).toEqual(['name']);
      const mistyped = await request(t.http).post('/probe').send({ name: 5 }).expect(400);
      expect(mistyped.body.details[0]).toMatchObject({ field: 'name' });
    });

    it('rejects bodies over 100 kB with 413 and accepts one just under', async () => {
      await request(t.http)
        .post('/probe')
        .send({ name: 'a'.repeat(99_000) })
        .expect(201);
      const res = await request(t.http)
        .post('/probe')
        .send({ name: 'a'.repeat(101_000) })
        .expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    });
  });

  describe('query parsing shared by every list', () => {
    it('applies defaults', async () => {
      const res = await request(t.http).get('/probe').expect(200);
      expect(res.body.page).toEqual({ page: 1, pageSize: 10, offset: '0' });
    });

    it('accepts the largest page and computes its offset exactly', async () => {
      const res = await request(t.http).get('/probe?page=9007199254740991&pageSize=100').expect(200);
      expect(res.body.page).toEqual({ page: 9007199254740991, pageSize: 100, offset: '900719925474099000' });
    });

    it.each([
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=9007199254740992',
      'page=1&page=2',
      'pageSize=0',
      'pageSize=101',
      'pageSize=1e2',
      'sortOrder=up',
      'isClaimed=yes',
      'isClaimed=',
      'statuses=PENDING,DONE',
      'createdFrom=yesterday',
      'createdFrom=2026-13-01',
      'createdFrom=0000-01-01',
      'unknownParam=1',
      'a[b]=c',
    ])('rejects %s with a 400 naming the parameter', async (query) => {
      const res = await request(t.http).get(`/probe?${query}`).expect(400);
      const field = query.split('=')[0];
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it.each([
      ['true', true],
      ['TRUE', true],
      ['1', true],
      ['False', false],
      ['0', false],
    ])('reads the boolean %s as %s', async (raw, expected) => {
      const res = await request(t.http).get(`/probe?isClaimed=${raw}`).expect(200);
      expect(res.body.query.isClaimed).toBe(expected);
    });

    it.each(['currencyIds=1&currencyIds=56', 'currencyIds=1,56', 'currencyIds[]=1&currencyIds[]=56'])(
      'reads the array spelling %s',
      async (query) => {
        const res = await request(t.http).get(`/probe?${query}`).expect(200);
        expect(res.body.query.currencyIds).toEqual(['1', '56']);
      },
    );

    it('accepts ISO 8601 bounds with and without time', async () => {
      await request(t.http).get('/probe?createdFrom=2026-11-21T20:02:55.123Z').expect(200);
      await request(t.http).get('/probe?createdFrom=2026-11-21').expect(200);
      await request(t.http).get('/probe?createdFrom=2026-11-21T20:02:55%2B02:00').expect(200);
    });

    it('rejects query parameters on a handler that declares none', async () => {
      const res = await request(t.http).get('/health?verbose=1').expect(400);
      expect(res.body.details).toEqual([{ field: 'verbose', message: 'verbose is not allowed' }]);
    });

    it('runs no interceptor on a GET but the public cache, and the Idempotency-Key one on every write', async () => {
      // Another app in the same process (as in this run) attaches its own, in place of this one's.
      await (await createTestApp()).close();
      // None for every route (a global interceptor would put every request through RxJS).
      expect((t.app as unknown as { config: ApplicationConfig }).config.getGlobalInterceptors()).toEqual([]);
      const seen = { gets: 0, writes: 0 };
      for (const module of t.app.get(ModulesContainer).values()) {
        for (const { metatype } of module.controllers.values()) {
          const controller = metatype as Type;
          for (const name of Object.getOwnPropertyNames(controller.prototype)) {
            const handler = (controller.prototype as Record<string, object>)[name];
            if (name === 'constructor' || !Reflect.hasOwnMetadata(METHOD_METADATA, handler)) continue;
            const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
            const interceptors = [
              ...((Reflect.getMetadata(INTERCEPTORS_METADATA, controller) as object[] | undefined) ?? []),
              ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as object[] | undefined) ?? []),
            ].map((interceptor) => (typeof interceptor === 'function' ? interceptor : interceptor.constructor));
            const undeclaredQueryGuards = (
              (Reflect.getMetadata(GUARDS_METADATA, handler) as object[] | undefined) ?? []
            ).filter((guard) => guard instanceof UndeclaredQueryGuard);
            expect(undeclaredQueryGuards.length).toBeLessThanOrEqual(1);
            if (method === RequestMethod.GET) {
              seen.gets += 1;
              expect([`${controller.name}.${name}`, interceptors.filter((i) => i !== PublicCacheInterceptor)]).toEqual([
                `${controller.name}.${name}`,
                [],
              ]);
            }
            if (method === RequestMethod.POST || method === RequestMethod.PATCH) {
              seen.writes += 1;
              expect([`${controller.name}.${name}`, interceptors]).toEqual([
                `${controller.name}.${name}`,
                [IdempotencyInterceptor],
              ]);
            }
          }
        }
      }
      expect(seen.gets).toBeGreaterThan(20);
      expect(seen.writes).toBeGreaterThan(10);
    });
  });
});

describe('platform: database outage', () => {
  let t: TestApp;
  let admin: Client;
  let name: string;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_SERVER_URL as string;
    name = `outage_${Date.now().toString(36)}`;
    const url = await ensureDatabase(serverUrl, name);
    // The app reads the catalog when it starts, so its database is prepared as main.ts prepares one.
    await prepareDatabase(url, { runMigrations: true }, createLogger('silent'));
    t = await createTestApp({ databaseUrl: url });
    admin = new Client({ connectionString: serverUrl });
    await admin.connect();
  });

  afterAll(async () => {
    await t.close().catch(() => undefined);
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('answers 503 with Retry-After when the store is unreachable, and recovers', async () => {
    await request(t.http).get('/health/ready').expect(200);
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);

    const res = await request(t.http).get('/health/ready').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    // Recovers without a restart. A pooled connection the outage cut may not have reported its
    // end yet, failing one more statement (another 503): the client retries, as Retry-After asks.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10 && statuses.at(-1) !== 200; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      statuses.push((await request(t.http).get('/health/ready')).status);
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([]);
  });
});
