import { readFileSync } from 'node:fs';
import { ChainEventIntake } from '../modules/chain/application/chain-event-intake';
import { withApplication } from './application';
import { CliArgs, CliUsageError } from './cli-args';

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFileSync(file, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The indexer's other door (docs/chain-events.md): the same JSON as POST /internal/v1/chain-events. */
export const chainCommands = {
  /** `chain:ingest FILE` (`-` reads stdin) → `{"results":[…]}`. */
  'chain:ingest': async (args: CliArgs) => {
    const [file] = args.positional('FILE');
    let batch: unknown;
    try {
      batch = JSON.parse(await readInput(file));
    } catch (error) {
      throw new CliUsageError(`${file} is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    const events = (batch as { events?: unknown } | null)?.events;
    if (!Array.isArray(events) || events.length === 0 || events.length > 1000) {
      throw new CliUsageError('the input must be {"events":[…]} with 1 to 1000 events');
    }
    return { results: await withApplication((app) => app.get(ChainEventIntake).ingest(events)) };
  },
} satisfies Record<string, (args: CliArgs) => Promise<object>>;
