import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The constraint and index naming convention of docs/architecture.md, for migrations written from
 * this round on (`<kind>_<table>_<what>`): existing migrations are never edited, so older files are
 * left as they are.
 */
const FIRST_CHECKED = 1763760000000;
const MIGRATIONS = join(__dirname, '..', '..', 'src', 'database', 'migrations');

const KIND_OF: [RegExp, string][] = [
  [/^PRIMARY KEY/i, 'pk'],
  [/^FOREIGN KEY/i, 'fk'],
  [/^UNIQUE/i, 'uq'],
  [/^CHECK/i, 'ck'],
  [/^EXCLUDE/i, 'ex'],
];

/** Every named constraint and index in `sql` whose name does not follow the convention, with the reason. */
function misnamed(sql: string): string[] {
  const problems: string[] = [];
  for (const match of sql.matchAll(
    /CONSTRAINT\s+"?([A-Za-z0-9_]+)"?\s+(PRIMARY KEY|FOREIGN KEY|UNIQUE|CHECK|EXCLUDE)/gi,
  )) {
    const [, name, clause] = match;
    const kind = KIND_OF.find(([pattern]) => pattern.test(clause))?.[1];
    if (!new RegExp(`^${kind}_[a-z0-9]+(_[a-z0-9]+)*$`).test(name))
      problems.push(`${name}: a ${clause} is ${kind}_<table>_…`);
  }
  for (const match of sql.matchAll(
    /CREATE\s+(UNIQUE\s+)?INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?"?([A-Za-z0-9_]+)"?\s+ON/gi,
  )) {
    const [, unique, name] = match;
    const kind = unique ? 'ux' : 'ix';
    if (!new RegExp(`^${kind}_[a-z0-9]+(_[a-z0-9]+)*$`).test(name)) problems.push(`${name}: ${kind}_<table>_…`);
  }
  return problems;
}

describe('migration constraint and index names', () => {
  it('the check accepts the convention and names what breaks it', () => {
    expect(
      misnamed(`CREATE TABLE t (CONSTRAINT pk_t PRIMARY KEY (id), CONSTRAINT fk_t_deployment FOREIGN KEY (d) REFERENCES d (id),
        CONSTRAINT uq_t_key UNIQUE (k), CONSTRAINT ck_t_amount CHECK (amount >= 0));
        CREATE INDEX ix_t_created ON t (created_at); CREATE UNIQUE INDEX IF NOT EXISTS ux_t_live ON t (k) WHERE live`),
    ).toEqual([]);
    expect(
      misnamed(`CREATE TABLE t (CONSTRAINT t_pk PRIMARY KEY (id), CONSTRAINT uq_t_key CHECK (k > 0));
        CREATE UNIQUE INDEX ix_t_k ON t (k); CREATE INDEX t_created_idx ON t (created_at)`),
    ).toEqual([
      't_pk: a PRIMARY KEY is pk_<table>_…',
      'uq_t_key: a CHECK is ck_<table>_…',
      'ix_t_k: ux_<table>_…',
      't_created_idx: ix_<table>_…',
    ]);
  });

  const checked = readdirSync(MIGRATIONS).filter((file) => Number(/^(\d+)-/.exec(file)?.[1]) >= FIRST_CHECKED);

  it.each(checked.length > 0 ? checked : ['(none yet)'])('%s follows the convention', (file) => {
    if (file === '(none yet)') return expect(checked).toEqual([]);
    // Only what `up` creates: a `down` restores the schema as it was, older names included.
    const [up] = readFileSync(join(MIGRATIONS, file), 'utf8').split(/async\s+down\s*\(/);
    expect(misnamed(up)).toEqual([]);
  });
});
