import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, MetadataStorage } from 'class-validator';
import { DomainError, FieldProblem } from '../domain/domain-error';

// class-transformer keeps `@Type()` targets here; it has no public accessor for them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: {
    findTypeMetadata(target: object, propertyName: string): { typeFunction(): unknown } | undefined;
  };
};

/** At most this many entries in `details`; the message says how many problems there were in all. */
export const MAX_ERROR_DETAILS = 20;

/** Flattens class-validator's tree into one entry per failed field, named by its path (`calls.0.to`). */
export function fieldProblems(errors: readonly ValidationError[], parent = ''): FieldProblem[] {
  return errors.flatMap((error) => {
    const field = parent === '' ? error.property : `${parent}.${error.property}`;
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      message: message.startsWith('property ') ? `${field} is not allowed` : message,
    }));
    return [...own, ...fieldProblems(error.children ?? [], field)];
  });
}

/** A 400 naming the first MAX_ERROR_DETAILS problems, and counting them all when there were more. */
export function validationFailed(details: readonly FieldProblem[]): DomainError {
  const shown = details.slice(0, MAX_ERROR_DETAILS);
  const fields = [...new Set(shown.map((detail) => detail.field))].join(', ');
  const message =
    details.length > shown.length
      ? `Invalid request: ${details.length} problems, the first ${shown.length}: ${fields}`
      : `Invalid request: ${fields}`;
  return DomainError.invalid('VALIDATION_FAILED', message, shown);
}

type Declared = ReadonlyMap<string, (new () => object) | undefined>;
const declaredCache = new WeakMap<object, Declared>();

/** The properties a DTO class declares, each with its nested DTO class (`@Type`) when it has one. */
function declaredProperties(dto: new () => object): Declared {
  let declared = declaredCache.get(dto);
  if (declared === undefined) {
    const names = getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((metadata) => metadata.propertyName);
    declared = new Map(
      [...new Set(names)].map((name) => {
        const nested = defaultMetadataStorage.findTypeMetadata(dto, name)?.typeFunction();
        return [name, typeof nested === 'function' && nested !== Object ? (nested as new () => object) : undefined];
      }),
    );
    declaredCache.set(dto, declared);
  }
  return declared;
}

/**
 * Refuses, before class-validator runs, an object with more keys than its DTO declares: naming
 * twelve thousand unknown keys one by one is what made such a body expensive. Nested DTOs
 * (`@Type(() => CallDto)`) are checked the same way.
 */
function excessKeys(value: unknown, dto: new () => object, path: string): DomainError | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const declared = declaredProperties(dto);
  if (declared.size === 0) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = excessKeys(item, dto, `${path}${path === '' ? '' : '.'}${index}`);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const keys = Object.keys(value);
  if (keys.length > declared.size) {
    const prefix = path === '' ? '' : `${path}.`;
    const unknown = keys.filter((key) => !declared.has(key)).map((key) => `${prefix}${key}`);
    return validationFailed(unknown.map((field) => ({ field, message: `${field} is not allowed` })));
  }
  for (const key of keys) {
    const nested = declared.get(key);
    if (nested === undefined) continue;
    const problem = excessKeys((value as Record<string, unknown>)[key], nested, path === '' ? key : `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Queries that passed are remembered per DTO class up to this many, the oldest forgotten first. */
export const REMEMBERED_QUERIES_PER_DTO = 128;
/** A longer query (its parsed form as JSON) is validated every time rather than remembered. */
export const REMEMBERED_QUERY_MAX_LENGTH = 512;

/**
 * The pipe every route validates with: too many keys are refused before class-validator runs
 * (above), and a query that passed is remembered per DTO class, by its parsed form, so the same
 * query again gets a new DTO from class-transformer without class-validator's walk. Whether a query
 * passes depends only on the query and the DTO's rules (no rule reads the clock, the database or
 * the caller), and the rules never change after start. That walk allocated about a fifth of what
 * a balances request allocates, and list clients repeat a handful of queries (the default page,
 * the same filters polled). A query that failed is not remembered: it is validated again, and
 * refused again, with the same details.
 */
class BoundedValidationPipe extends ValidationPipe {
  private readonly passedQueries = new WeakMap<object, Set<string>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = metadata.metatype;
    if (typeof dto !== 'function' || (metadata.type !== 'body' && metadata.type !== 'query'))
      return super.transform(value, metadata);
    const key = metadata.type === 'query' && this.toValidate(metadata) ? queryKey(value) : undefined;
    if (key !== undefined && this.passedQueries.get(dto)?.has(key)) return plainToInstance(dto, value) as unknown;
    const problem = excessKeys(value, dto as new () => object, '');
    if (problem !== undefined) throw problem;
    const result: unknown = await super.transform(value, metadata);
    if (key !== undefined) this.remember(dto, key);
    return result;
  }

  private remember(dto: object, key: string): void {
    let passed = this.passedQueries.get(dto);
    if (passed === undefined) this.passedQueries.set(dto, (passed = new Set()));
    if (passed.size >= REMEMBERED_QUERIES_PER_DTO) passed.delete(passed.values().next().value!);
    passed.add(key);
  }
}

/**
 * A parsed query's identity: its JSON, for a plain object of strings and string lists (what the
 * query parser makes); undefined, so it is not remembered, for anything else or when too long.
 */
function queryKey(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  for (const entry of Object.values(value)) {
    if (typeof entry === 'string') continue;
    if (!Array.isArray(entry) || !entry.every((item) => typeof item === 'string')) return undefined;
  }
  const key = JSON.stringify(value);
  return key.length <= REMEMBERED_QUERY_MAX_LENGTH ? key : undefined;
}

type MetadataLookup = MetadataStorage['getTargetValidationMetadatas'];
const rememberedLookups = new WeakSet<MetadataStorage>();

/**
 * class-validator (0.15) answers `getTargetValidationMetadatas`, once per validated object, by
 * testing every registered class for inheritance (typestack/class-validator#2686): profiles of a
 * two-field query showed it as the largest part of validating one. A class's own and inherited
 * rules are all registered when its module loads, before it can be validated, and never change
 * after, so the answer is remembered per class and arguments. Applied once to the process's
 * storage; the rules themselves and how they run are class-validator's.
 */
export function rememberValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  if (rememberedLookups.has(storage)) return;
  rememberedLookups.add(storage);
  const lookup: MetadataLookup = storage.getTargetValidationMetadatas.bind(storage);
  const answers = new WeakMap<object, Map<string, ReturnType<MetadataLookup>>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\0${always}\0${strictGroups}\0${groups?.join('\0') ?? '-'}`;
    const byArguments = answers.get(target) ?? new Map<string, ReturnType<MetadataLookup>>();
    let answer = byArguments.get(key);
    if (answer === undefined) {
      answer = lookup(target, schema, always, strictGroups, groups);
      byArguments.set(key, answer);
      answers.set(target, byArguments);
    }
    return answer;
  };
}

export function createValidationPipe(): ValidationPipe {
  rememberValidationMetadata();
  return new BoundedValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(fieldProblems(errors)),
  });
}
