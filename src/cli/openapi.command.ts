import type { OpenAPIObject } from '@nestjs/swagger';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliArgs } from './cli-args';

/**
 * `openapi:write [--file F]`: writes the OpenAPI document (default `openapi.json` in the working
 * directory), the file committed at the repository root and checked for drift by a test.
 */
export const openApiCommands = {
  'openapi:write': async (args: CliArgs) => {
    const file = resolve(args.allowOnly('file').optional('file') ?? 'openapi.json');
    writeFileSync(file, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
    return { file };
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;

/**
 * The document comes from the modules' metadata alone. Preview mode resolves the module graph
 * without creating a single provider, so nothing connects to a database or reads a secret; the
 * configuration only has to be well-formed.
 */
async function buildOpenApiDocument(): Promise<OpenAPIObject> {
  const [{ NestFactory }, { AppModule }, { loadConfig }, { createOpenApiDocument }, { createLogger }] =
    await Promise.all([
      import('@nestjs/core'),
      import('../app.module'),
      import('../config/app-config'),
      import('../openapi'),
      import('../shared/logging/logger'),
    ]);
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
