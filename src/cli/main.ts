import 'reflect-metadata';
import { writeOpenApi } from './openapi.command';

/** A command receives the arguments after its name and settles when its work is done. */
type Command = (args: readonly string[]) => Promise<void>;

/** Every command of `npm run cli -- <command> [args…]`. */
const commands = new Map<string, Command>([['openapi:write', writeOpenApi]]);

async function run([name, ...args]: readonly string[]): Promise<void> {
  const command = name === undefined ? undefined : commands.get(name);
  if (command === undefined) {
    process.stderr.write(`unknown command "${name ?? ''}"; known commands: ${[...commands.keys()].join(', ')}\n`);
    process.exit(2);
  }
  await command(args);
}

run(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
