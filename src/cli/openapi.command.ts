import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { createOpenApiDocument } from '../openapi';
import { createLogger } from '../shared/logging/logger';

/**
 * `openapi:write [file]`: writes the OpenAPI document (default `openapi.json` in the working
 * directory), the file committed at the repository root and checked for drift by a test.
 */
export async function writeOpenApi(args: readonly string[]): Promise<void> {
  const file = resolve(args[0] ?? 'openapi.json');
  const document = await buildOpenApiDocument();
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  process.stdout.write(`wrote ${file}\n`);
}

/**
 * The document comes from the modules' metadata alone. Preview mode resolves the module graph
 * without creating a single provider, so nothing connects to a database or reads a secret; the
 * configuration only has to be well-formed.
 */
async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' }),
    databaseUrl: 'postgres://unused@127.0.0.1:1/unused',
  };
  const app = await NestFactory.create(AppModule.forRoot(config, createLogger('silent')), {
    preview: true,
    logger: false,
  });
  try {
    return createOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
