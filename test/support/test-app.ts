import { Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app-setup';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { createLogger } from '../../src/shared/logging/logger';

export interface TestApp {
  readonly app: NestExpressApplication;
  readonly http: Server;
  readonly dataSource: DataSource;
  readonly config: AppConfig & { databaseUrl: string };
  /** Every log line the app wrote, when started with `captureLogs`. */
  readonly logs: string[];
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (global setup)');
  return url;
}

/** The real application, wired exactly as main.ts wires it, on the run's test database. */
export async function createTestApp(
  options: { env?: Record<string, string>; captureLogs?: boolean; databaseUrl?: string; extraModules?: Type[] } = {},
): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? testDatabaseUrl();
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: options.captureLogs ? 'trace' : 'silent',
      PUBLIC_BASE_URL: 'https://pay.example.test',
      // Off unless a spec turns it on: specs share one database, and another spec's callbacks are not
      // this one's to deliver.
      CALLBACK_WORKER: 'false',
      // The rate limit charges by bytes only unless a spec sets a time unit: on a machine running
      // the suite's workers an everyday request can take longer than the default unit (25 ms),
      // and a spec's member would be refused by chance.
      API_RATE_UNIT_MS: '3600000',
      // Specs fire tens of concurrent requests of one member to test races; the in-flight cap
      // (API_MAX_IN_FLIGHT, 8) would refuse some of them. The specs of the cap set it themselves.
      API_MAX_IN_FLIGHT: '1000',
      ...options.env,
    }),
    databaseUrl,
  };
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      callback();
    },
  });
  const logger = createLogger(config.logLevel, options.captureLogs ? destination : undefined);
  @Module({ imports: [AppModule.forRoot(config, logger), ...(options.extraModules ?? [])] })
  class TestRootModule {}
  const app = await NestFactory.create<NestExpressApplication>(TestRootModule, {
    bodyParser: false,
    logger: false,
  });
  configureApp(app, config, logger);
  await app.init();
  return {
    app,
    http: app.getHttpServer() as Server,
    dataSource: app.get(DataSource),
    config,
    logs,
    close: () => app.close(),
  };
}
