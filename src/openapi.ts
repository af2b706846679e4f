import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { finishOpenApiDocument } from './openapi-document-finish';

export const API_KEY_SCHEME = 'ApiKeyAuth';
export const BEARER_SCHEME = 'BearerAuth';

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
    .build();
}

/** The document served at /docs-json and committed as openapi.json (checked for drift by a test). */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return finishOpenApiDocument(
    SwaggerModule.createDocument(app, documentConfig(), {
      // Every operation names its operationId explicitly; this only covers one that forgets.
      operationIdFactory: (controllerKey, methodKey) => `${controllerKey}_${methodKey}_v1`,
    }),
  );
}

export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
    swaggerOptions: { persistAuthorization: true },
  });
}
