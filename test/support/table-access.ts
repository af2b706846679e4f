import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A table a piece of code writes (INSERT, UPDATE, DELETE) or reads (FROM, JOIN). */
export interface TableAccess {
  readonly file: string;
  readonly table: string;
  readonly kind: 'write' | 'read';
}

const WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)\b/g;
const READ = /\b(?<!DELETE\s+)(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)\b/g;

/** Source text without comments, so prose that mentions "update the invoice" is not SQL. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/**
 * Every access of a known table in `source`: the SQL is read from the text itself (template
 * strings and string literals alike), which is how every repository here writes it.
 */
export function tableAccesses(file: string, source: string, tables: ReadonlySet<string>): TableAccess[] {
  const code = withoutComments(source);
  const found: TableAccess[] = [];
  for (const [pattern, kind] of [
    [WRITE, 'write'],
    [READ, 'read'],
  ] as const) {
    for (const match of code.matchAll(pattern)) {
      if (tables.has(match[1])) found.push({ file, table: match[1], kind });
    }
  }
  return found;
}

/** The TypeScript files under `dir` (specs left out: they are not the context's code). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Each context's accesses: `src/modules/<context>/**` and, as `shared`, `src/shared/**`. */
export function accessesByContext(root: string, tables: ReadonlySet<string>): Map<string, TableAccess[]> {
  const modules = join(root, 'src', 'modules');
  const places: [string, string][] = [
    ...readdirSync(modules)
      .filter((name) => statSync(join(modules, name)).isDirectory())
      .map((name): [string, string] => [name, join(modules, name)]),
    ['shared', join(root, 'src', 'shared')],
  ];
  return new Map(
    places.map(([context, dir]) => [
      context,
      sourceFiles(dir).flatMap((file) => tableAccesses(relative(root, file), readFileSync(file, 'utf8'), tables)),
    ]),
  );
}

/** One row of docs/architecture.md's table of tables. */
export interface TableOwnership {
  readonly table: string;
  readonly owner: string;
  /** Contexts that read it, besides its owner. */
  readonly readBy: readonly string[];
}

/**
 * The "Tables and their owners" table of docs/architecture.md, one entry per table: a row is
 * `| \`table\`, … | \`owner\` | \`reader\` (why), … |`; what stands in parentheses is prose.
 */
export function documentedOwnership(markdown: string): TableOwnership[] {
  const section = markdown.split(/^## Tables and their owners$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = (cell: string) => [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
  return section
    .split('\n')
    .filter((line) => /^\| `[a-z_]+`/.test(line))
    .flatMap((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      const [owner] = names(cells[2]);
      return names(cells[1]).map((table) => ({ table, owner, readBy: names(cells[3]) }));
    });
}
