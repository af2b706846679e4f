import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Reads `.env` from the working directory into `process.env`, as `.env.example` suggests, before
 * the configuration is loaded. Variables already set in the environment win over the file
 * (Node's own parser: `KEY=value`, quotes, `#` comments, `export KEY=value`). Returns the file
 * read, if any.
 */
export function loadEnvFile(path = resolve('.env')): string | undefined {
  if (!existsSync(path)) return undefined;
  process.loadEnvFile(path);
  return path;
}
