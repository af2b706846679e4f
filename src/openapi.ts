import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { IDEMPOTENCY_EXEMPT_EXTENSION } from './shared/http/idempotency/idempotency.decorators';
import { finishOpenApiDocument } from './openapi-document-finish';

export const API_KEY_SCHEME = 'ApiKeyAuth';
export const BEARER_SCHEME = 'BearerAuth';
export const SESSION_COOKIE_SCHEME = 'SessionCookie';

function documentConfig(): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setTitle('Deployments API')
    .setDescription(
      'Multisig deployments on EVM networks and Tron: transactions, operations queue, invoices, payouts, claims, ' +
        'a public currency catalog and a token service. Errors use ErrorResponseDto; lists use {total, page, pageSize, items}.',
    )
    .setVersion('1.4.0')
    .addServer('/', 'The server that serves this document (relative, so Try it out calls the same host)')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key of a member' }, API_KEY_SCHEME)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from POST /token/' },
      BEARER_SCHEME,
    )
    .addCookieAuth(
      '__Host-session',
      {
        type: 'apiKey',
        in: 'cookie',
        description:
          'Wallet sign-in session (POST /api/v1/auth/sign-in; named `session` when the service is served over http). ' +
          'Writes with it need the X-CSRF-Token header.',
      },
      SESSION_COOKIE_SCHEME,
    )
    .build();
}

/** The document served at /docs-json and committed as openapi.json (checked for drift by a test). */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return finishOpenApiDocument(
    documentIdempotencyKey(
      SwaggerModule.createDocument(app, documentConfig(), {
        // Every operation names its operationId explicitly; this only covers one that forgets.
        operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}_v1`,
      }),
    ),
  );
}

/**
 * The Idempotency-Key header (docs/contract.md, Merchants) applies to every POST and PATCH under /api/v1 through one
 * global interceptor, so it is added to the document here, in one place, rather than on each handler.
 */
function documentIdempotencyKey(document: OpenAPIObject): OpenAPIObject {
  const error = { $ref: '#/components/schemas/ErrorResponseDto' };
  document.components = {
    ...document.components,
    parameters: {
      ...document.components?.parameters,
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description:
          'Makes a retry safe: the first successful response (status and body) is stored for 24 h per ' +
          '(credential, method, path, key) and replayed to a retry with the same body (header Idempotent-Replayed: true). ' +
          'A failed request stores nothing.',
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const operation of [item.post, item.patch]) {
      if (
        operation === undefined ||
        (operation as unknown as Record<string, unknown>)[IDEMPOTENCY_EXEMPT_EXTENSION] === true
      )
        continue;
      operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
      const responses = operation.responses;
      responses['400'] ??= {
        description: 'Invalid input (also: Idempotency-Key empty or longer than 255 characters)',
        content: { 'application/json': { schema: error } },
      };
      responses['409'] ??= {
        description: 'IDEMPOTENCY_KEY_IN_USE: a request with this key is still running',
        content: { 'application/json': { schema: error } },
      };
      responses['422'] = {
        description: 'IDEMPOTENCY_KEY_REUSED: this key was used with a different request',
        content: { 'application/json': { schema: error } },
      };
    }
  }
  return document;
}

export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
    swaggerOptions: { persistAuthorization: true },
  });
}
