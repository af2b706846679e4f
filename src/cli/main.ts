import 'reflect-metadata';
import { DomainError } from '../shared/domain/domain-error';
import { loadEnvFile } from '../config/env-file';
import { CliArgs, CliUsageError } from './cli-args';
import { chainCommands } from './chain-commands';
import { contractsCommands } from './contracts-commands';
import { migrationCommands } from './migration-commands';
import { openApiCommands } from './openapi.command';
import { provisioningCommands } from './provisioning-commands';

/**
 * `npm run cli -- <command> [--flag value …]`. A command prints one JSON object on stdout and exits
 * 0, or one line on stderr and exits 1 (refused: unknown member, bad address, …) or 2 (misused).
 */
const commands: Record<string, (args: CliArgs) => Promise<object>> = {
  ...provisioningCommands,
  ...chainCommands,
  ...contractsCommands,
  ...migrationCommands,
  ...openApiCommands,
};

/** A DomainError's code and what was wrong; any other error's message (config errors name the variable). */
function describeError(error: unknown): string {
  if (error instanceof DomainError) {
    const problems = error.details.map((detail) => detail.message);
    return `${error.code}: ${problems.length > 0 ? problems.join('; ') : error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function finish(stream: NodeJS.WriteStream, line: string, status: number): void {
  // One line, whatever the message held, so scripts can read it with `read`.
  stream.write(`${line.replace(/\s*\n\s*/g, ' ')}\n`, () => process.exit(status));
}

async function run(argv: readonly string[]): Promise<void> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    finish(process.stderr, `error: unknown command "${name ?? ''}"; commands: ${Object.keys(commands).join(', ')}`, 2);
    return;
  }
  try {
    loadEnvFile();
    const result = await command(CliArgs.parse(rest));
    finish(process.stdout, JSON.stringify(result), 0);
  } catch (error) {
    finish(process.stderr, `error: ${describeError(error)}`, error instanceof CliUsageError ? 2 : 1);
  }
}

void run(process.argv.slice(2));
