import 'reflect-metadata';
import { DomainError } from '../shared/domain/domain-error';
import { loadEnvFile } from '../config/env-file';
import { CliArgs, CliUsageError } from './cli-args';
import { commandHelp, COMMAND_HELP, overallHelp } from './cli-help';

type Command = (args: CliArgs) => Promise<object>;
type CommandGroup = Promise<Record<string, Command>>;

/**
 * `npm run cli -- <command> [--flag value …]`. A command prints one JSON object on stdout and exits
 * 0, or one line on stderr and exits 1 (refused: unknown member, bad address, …) or 2 (misused).
 * `--help` prints the commands, `<command> --help` one command's flags. Each group of commands is
 * loaded when one of its commands runs: help, or a migration, never loads the application.
 */
const groups: Record<string, () => CommandGroup> = {
  provisioning: async () => (await import('./provisioning-commands')).provisioningCommands,
  chain: async () => (await import('./chain-commands')).chainCommands,
  contracts: async () => (await import('./contracts-commands')).contractsCommands,
  migration: async () => (await import('./migration-commands')).migrationCommands,
  openapi: async () => (await import('./openapi.command')).openApiCommands,
};

/** Which group holds a command, by its name's prefix. */
const GROUP_OF_PREFIX: Record<string, string> = {
  member: 'provisioning',
  account: 'provisioning',
  deployment: 'provisioning',
  chain: 'chain',
  contracts: 'contracts',
  migration: 'migration',
  openapi: 'openapi',
};

/** The names of every command of every group (the help test compares them with the help). */
export async function allCommandNames(): Promise<string[]> {
  return (await Promise.all(Object.values(groups).map((group) => group()))).flatMap((group) => Object.keys(group));
}

/** The command called `name`, loading only its group. */
export async function loadCommand(name: string): Promise<Command | undefined> {
  const group = groups[GROUP_OF_PREFIX[name.split(':')[0]] ?? ''];
  return group === undefined ? undefined : (await group())[name];
}

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

const HELP = new Set(['--help', '-h']);

async function run(argv: readonly string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name) || name === 'help') {
    // Asked for: stdout and success; a bare `npm run cli` is a misuse that still shows the way.
    const stream = name === undefined ? process.stderr : process.stdout;
    stream.write(overallHelp(), () => process.exit(name === undefined ? 2 : 0));
    return;
  }
  const known = Object.hasOwn(COMMAND_HELP, name);
  if (known && rest.some((token) => HELP.has(token))) {
    process.stdout.write(commandHelp(name), () => process.exit(0));
    return;
  }
  const command = known ? await loadCommand(name) : undefined;
  if (command === undefined) {
    finish(
      process.stderr,
      `error: unknown command "${name}"; commands: ${Object.keys(COMMAND_HELP).join(', ')} (--help says more)`,
      2,
    );
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

if (require.main === module) void run(process.argv.slice(2));
