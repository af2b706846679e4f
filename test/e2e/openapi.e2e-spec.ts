import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createOpenApiDocument } from '../../src/openapi';
import { createTestApp, TestApp } from '../support/test-app';

const COMMITTED = join(__dirname, '../../openapi.json');
const OUT_OF_DATE = 'openapi.json is out of date: run `npm run openapi` and commit the result';

describe('OpenAPI document', () => {
  let t: TestApp;
  let committed: Record<string, unknown>;

  beforeAll(async () => {
    if (!existsSync(COMMITTED))
      throw new Error(`openapi.json is missing: run \`npm run openapi\` and commit the result`);
    committed = JSON.parse(readFileSync(COMMITTED, 'utf8')) as Record<string, unknown>;
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is the committed openapi.json, built from the running app', () => {
    // A round trip through JSON drops the undefined members the builder leaves in, as the file has.
    const current: unknown = JSON.parse(JSON.stringify(createOpenApiDocument(t.app)));
    try {
      expect(current).toEqual(committed);
    } catch (error) {
      throw new Error(`${OUT_OF_DATE}\n\n${error instanceof Error ? error.message : String(error)}`);
    }
  });

  it('is what /docs-json serves', async () => {
    const res = await request(t.http).get('/docs-json').expect(200);
    try {
      expect(res.body).toEqual(committed);
    } catch (error) {
      throw new Error(`${OUT_OF_DATE}\n\n${error instanceof Error ? error.message : String(error)}`);
    }
  });

  it('declares the catalog operations with their operationIds, ApiKeyAuth and every status', () => {
    const paths = committed.paths as Record<
      string,
      Record<string, { operationId: string; security: unknown; responses: Record<string, { content?: unknown }> }>
    >;
    const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } } };
    const expected: [string, string, string[]][] = [
      ['/api/v1/public/currencies', 'CurrenciesController_findAll_v1', ['200', '304', '400', '429']],
      ['/api/v1/public/currencies/{id}', 'CurrenciesController_findOne_v1', ['200', '304', '400', '404', '429']],
      [
        '/api/v1/public/smart-contract-versions/{versionId}',
        'PublicSmartContractVersionsController_getByVersionId_v1',
        ['200', '304', '400', '404', '429'],
      ],
    ];
    for (const [path, operationId, statuses] of expected) {
      const operation = paths[path]?.get;
      expect({ path, operationId: operation?.operationId }).toEqual({ path, operationId });
      expect(operation.security).toEqual([{ ApiKeyAuth: [] }]);
      expect(Object.keys(operation.responses).sort()).toEqual(statuses);
      for (const status of statuses.filter((s) => Number(s) >= 400)) {
        expect(operation.responses[status].content).toEqual({
          'application/json': { ...errorBody['application/json'], example: expect.any(Object) },
        });
      }
    }
  });

  type Operation = {
    operationId: string;
    description?: string;
    tags?: string[];
    responses: Record<string, { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> }>;
  };
  const operations = (): [string, Operation][] =>
    Object.entries(committed.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
      Object.values(item).map((operation): [string, Operation] => [path, operation]),
    );

  it("shows each error status's own example body, not the 409's", () => {
    let checked = 0;
    for (const [path, operation] of operations()) {
      for (const [status, response] of Object.entries(operation.responses).filter(([s]) => Number(s) >= 400)) {
        for (const media of Object.values(response.content ?? {})) {
          const example = media.example as { statusCode?: number; message?: string; errors?: { status: string }[] };
          expect({ path, status, hasExample: example !== undefined }).toEqual({ path, status, hasExample: true });
          if (media.schema?.$ref === '#/components/schemas/ErrorResponseDto') {
            expect({ path, status, statusCode: example.statusCode }).toEqual({
              path,
              status,
              statusCode: Number(status),
            });
            expect(example.message?.startsWith(`[ERR_${status}] `)).toBe(true);
          } else {
            expect({ path, status: example.errors?.[0].status }).toEqual({ path, status });
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('has servers, described tags and a description for every operation', () => {
    expect((committed.servers as unknown[]).length).toBeGreaterThan(0);
    const tags = (committed.tags as { name: string; description: string }[]).map((tag) => tag.name);
    for (const [path, operation] of operations()) {
      expect({
        path,
        operationId: operation.operationId,
        described: (operation.description ?? '').length > 20,
      }).toEqual({
        path,
        operationId: operation.operationId,
        described: true,
      });
      for (const tag of operation.tags ?? []) expect(tags).toContain(tag);
    }
  });

  it('declares the rate limit (429 with Retry-After) on every /api/v1 operation', () => {
    for (const [path, operation] of operations().filter(([p]) => p.startsWith('/api/v1/'))) {
      expect({ path, has429: operation.responses['429'] !== undefined }).toEqual({ path, has429: true });
    }
  });
});
