import { DomainError } from '../domain/domain-error';

/*
 * The few SQL helpers every repository uses, so each rule is written once: how user text becomes a
 * literal LIKE pattern, how a list's WHERE clause binds its values, and how a unique violation
 * becomes the domain's conflict. Infrastructure only: domain and application code never see SQL.
 */

/**
 * The SQL twin of `countsAsMoney` (shared/domain/transaction-status.ts): a `transactions` row counts
 * as money once CONFIRMED. `alias` is the table's alias with its dot (`t.`), or empty.
 */
export function countsAsMoneySql(alias = ''): string {
  return `${alias}status = 'CONFIRMED'`;
}

/**
 * The `transactions` rows a mined claim sweeps: invoice deposits that are mined (EXECUTED or
 * CONFIRMED; a claim mined while a deposit still confirms moves it too) and not claimed yet. What a
 * claim collects and what it marks claimed are both these rows. `alias` as for `countsAsMoneySql`.
 */
export function sweptByClaimSql(alias = ''): string {
  return `${alias}operation_type = 'invoice' AND ${alias}status IN ('EXECUTED', 'CONFIRMED') AND ${alias}is_claimed = false`;
}

/** Escapes LIKE/ILIKE wildcards (`%`, `_` and the escape `\` itself) so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An ILIKE pattern matching `text` anywhere, literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * A column a list filters by case-insensitive substring, spelled as its indexes are built on it:
 * `expression ILIKE`, or `expression LIKE` on an expression that is already lower-case (the text is
 * lower-cased first). `lowered` is the lower-cased value its `substring_grams` index is built on.
 */
export interface SubstringColumn {
  expression: string;
  operator: 'ILIKE' | 'LIKE';
  lowered: string;
}

/** Texts this short have no trigram: a gram index (every distinct character and pair) answers them. */
const GRAM_TEXT = /^[\x20-\x7e]{1,2}$/;
/** A text this long probes a few of its trigrams only (see `containsCondition`). */
const PROBED_LENGTH = 6;
const PROBES = 3;

/**
 * `column` contains `text`, case-insensitively, written so that an index answers it with few reads:
 *
 * - One or two (ASCII) characters have no trigram, so the trigram index would read all of itself.
 *   `substring_grams(lowered) @> ARRAY[lower(text)]` asks the gram index instead: a value's gram set
 *   holds exactly its one- and two-character substrings, so this is the filter itself.
 * - A long text asks the trigram index for all its trigrams, and a GIN scan reads every one's
 *   posting list: a 16-character hex text reads 14 lists of ~1.5% of the table each. Three
 *   trigrams that do not overlap already narrow a million random hashes to a handful, so the index
 *   is probed with those (`LIKE '%abc%'`, each implied by the whole text) and the whole text is
 *   tested on the candidates only.
 *
 * Either way the plain filter is tested last, on an expression (`… || ''`) no index is built on,
 * so the planner cannot hand it to the trigram index too, and the rows are exactly the plain
 * filter's.
 */
export function containsCondition(column: SubstringColumn, text: string, p: (value: unknown) => string): string {
  const needle = column.operator === 'LIKE' ? text.toLowerCase() : text;
  const test = (expression: string, part: string) => `${expression} ${column.operator} ${p(containsPattern(part))}`;
  if (GRAM_TEXT.test(needle))
    return `substring_grams(${column.lowered}) @> ARRAY[lower(${p(needle)}::text)] AND ${test(`(${column.expression} || '')`, needle)}`;
  const probes = trigramProbes(needle);
  if (needle.length < PROBED_LENGTH || probes.length === 0) return test(column.expression, needle);
  return [...probes.map((probe) => test(column.expression, probe)), test(`(${column.expression} || '')`, needle)].join(
    ' AND ',
  );
}

/**
 * Up to PROBES non-overlapping three-character pieces of `text`'s letter and digit runs (the only
 * characters pg_trgm makes trigrams of), spread from its start to its end.
 */
function trigramProbes(text: string): string[] {
  const pieces: string[] = [];
  for (const [run] of text.matchAll(/[\p{L}\p{N}]{3,}/gu)) {
    const chars = [...run];
    for (let i = 0; i + 3 <= chars.length; i += 3) pieces.push(chars.slice(i, i + 3).join(''));
  }
  if (pieces.length <= PROBES) return pieces;
  const picked = new Set<number>();
  for (let k = 0; k < PROBES; k += 1) picked.add(Math.round((k * (pieces.length - 1)) / (PROBES - 1)));
  return [...picked].map((i) => pieces[i]);
}

/**
 * A list query's WHERE clause with numbered placeholders: each value is bound once, in order, and
 * conditions are joined with AND. `params` goes to the query as is; a value bound after the clause
 * (LIMIT, OFFSET) takes the next placeholder through `bind`.
 *
 *     const where = new SqlWhere('deleted_at IS NULL').add((p) => `deployment_id = ${p(id)}`);
 *     if (from) where.add((p) => `created_at >= ${p(from)}`);
 *     await query(`SELECT … WHERE ${where.sql} LIMIT ${where.bind(limit)}`, where.params);
 */
export class SqlWhere {
  readonly params: unknown[] = [];
  private readonly conditions: string[];

  /** `conditions` bind nothing. */
  constructor(...conditions: string[]) {
    this.conditions = conditions;
  }

  /** Adds a condition; `p(value)` binds a value and answers its placeholder. */
  add(sql: (p: (value: unknown) => string) => string): this {
    this.conditions.push(sql((value) => this.bind(value)));
    return this;
  }

  /** Binds `value` and answers its placeholder (`$n`). */
  bind(value: unknown): string {
    return `$${this.params.push(value)}`;
  }

  get sql(): string {
    return this.conditions.length === 0 ? 'true' : this.conditions.join(' AND ');
  }
}

/** The fields of a list filter that order and page the list without narrowing it. */
const PAGING_FIELDS: ReadonlySet<string> = new Set(['sortBy', 'sortOrder', 'limit', 'offset']);

/**
 * Whether nothing but `fields` (and paging) narrows a list: every other field of `filter` is
 * unset. A field added to the filter later counts as narrowing until it is named here, so a rollup
 * keyed by `fields` never answers a total for a filter it does not know.
 */
export function narrowedOnlyBy<F extends object>(filter: F, fields: readonly (keyof F & string)[]): boolean {
  return Object.entries(filter).every(
    ([field, value]) =>
      value === undefined || PAGING_FIELDS.has(field) || (fields as readonly string[]).includes(field),
  );
}

const UNIQUE_VIOLATION = '23505';

/** The constraint a PostgreSQL unique violation names (`''` when it names none); undefined for any other error. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } } | null)?.driverError;
  return driverError?.code === UNIQUE_VIOLATION ? (driverError.constraint ?? '') : undefined;
}

type Conflicts = Readonly<Record<string, () => DomainError>> | (() => DomainError);

/**
 * The domain's error for a unique violation: `conflicts` maps constraint names to errors, or is one
 * error for whichever unique constraint broke. Anything else (another constraint, another error)
 * comes back as it is, to be rethrown.
 */
export function conflictOf(error: unknown, conflicts: Conflicts): unknown {
  const constraint = uniqueViolationOf(error);
  if (constraint === undefined) return error;
  if (typeof conflicts === 'function') return conflicts();
  return Object.hasOwn(conflicts, constraint) ? conflicts[constraint]() : error;
}

/** Runs `work`, turning a unique violation into the domain's error (see `conflictOf`). */
export async function mapUniqueViolation<T>(work: Promise<T>, conflicts: Conflicts): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw conflictOf(error, conflicts);
  }
}
