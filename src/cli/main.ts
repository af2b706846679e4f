import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { AppModule } from '../app.module';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { ensureDatabase } from '../database/database-setup';
import { EmbeddedDatabase, startEmbeddedPostgres } from '../database/embedded-postgres';
import { prepareDatabase } from '../database/prepare-database';
import { ChainEventIntake } from '../modules/deployments/application/chain-events/chain-event-intake';
import { createLogger } from '../shared/logging/logger';

/**
 * `npm run cli -- <command> [args]`. Each command boots the application context (no HTTP) on
 * DATABASE_URL, or on the embedded database `npm start` uses when none is set.
 */
type Command = (args: string[]) => Promise<void>;

const EMBEDDED_DATABASE_NAME = 'deployments';

async function withApp<T>(run: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  const config: AppConfig = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  // Logs go to stderr so that stdout carries only the command's JSON.
  const logger = createLogger(config.logLevel, process.stderr);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.info(line));
    databaseUrl = await ensureDatabase(embedded.url, EMBEDDED_DATABASE_NAME);
  }
  try {
    await prepareDatabase(databaseUrl, config, logger);
    const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, databaseUrl }, logger), { logger: false });
    try {
      return await run(app);
    } finally {
      await app.close();
    }
  } finally {
    await embedded?.stop();
  }
}

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFileSync(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const commands: Record<string, Command> = {
  /** `chain:ingest FILE` (`-` for stdin): the same `{"events":[…]}` as POST /internal/v1/chain-events. */
  'chain:ingest': async ([file]) => {
    if (file === undefined) throw new UsageError('usage: chain:ingest FILE   (- reads stdin)');
    let batch: unknown;
    try {
      batch = JSON.parse(await readInput(file));
    } catch (error) {
      throw new UsageError(`chain:ingest: ${file} is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const events = (batch as { events?: unknown } | null)?.events;
    if (!Array.isArray(events) || events.length === 0 || events.length > 1000) {
      throw new UsageError('chain:ingest: the input must be {"events":[…]} with 1 to 1000 events');
    }
    const results = await withApp((app) => app.get(ChainEventIntake).ingest(events));
    process.stdout.write(`${JSON.stringify({ results })}\n`);
  },
};

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    process.stderr.write(`usage: npm run cli -- <command>\ncommands: ${Object.keys(commands).join(', ')}\n`);
    return 2;
  }
  try {
    await command(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
