import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const MIGRATIONS = join(__dirname, '..', '..', 'src', 'database', 'migrations');

/**
 * The migration files stamped before `stamp` (a 13-digit timestamp), for a database in the shape an
 * older installation had: pass a migration's stamp to stop short of it, stamp + 1 to include it.
 */
export function migrationsBefore(stamp: number): string[] {
  return readdirSync(MIGRATIONS)
    .filter((file) => /^\d{13}-.+\.ts$/.test(file) && Number(file.slice(0, 13)) < stamp)
    .map((file) => join(MIGRATIONS, file));
}
