import { getMetadataStorage, IsDefined, IsInt, IsOptional, IsString, MetadataStorage } from 'class-validator';
import { DomainError } from '../domain/domain-error';
import { PrecomputedJson, PrecomputedJsonCache } from './public-cache.interceptor';
import {
  createValidationPipe,
  REMEMBERED_QUERIES_PER_DTO,
  REMEMBERED_QUERY_MAX_LENGTH,
  rememberValidationMetadata,
} from './validation';

class OptionalQuery {
  @IsOptional()
  @IsString()
  name?: string;

  @IsString()
  sortOrder = 'desc';
}

class RequiredQuery {
  @IsDefined()
  @IsString()
  name!: string;
}

describe('the validation pipe on queries it has seen pass', () => {
  const meta = (metatype: new () => object) => ({ type: 'query' as const, metatype, data: undefined });
  /** The pipe, and how many times class-validator has been asked to validate. */
  const counted = () => {
    const pipe = createValidationPipe();
    const validate = jest.spyOn(pipe as unknown as { validate: (...args: unknown[]) => unknown }, 'validate');
    return { pipe, validations: () => validate.mock.calls.length };
  };

  it('gives the DTO with its defaults for an empty query every time, validating it once', async () => {
    const { pipe, validations } = counted();
    for (let i = 0; i < 3; i += 1) {
      const result = await pipe.transform({}, meta(OptionalQuery));
      expect(result).toBeInstanceOf(OptionalQuery);
      expect(result).toEqual(Object.assign(new OptionalQuery(), {}));
    }
    expect(validations()).toBe(1);
  });

  it('gives a new DTO, equal to the first, for a query that passed, validating it once', async () => {
    const { pipe, validations } = counted();
    const first = await pipe.transform({ name: 'a' }, meta(OptionalQuery));
    const again = await pipe.transform({ name: 'a' }, meta(OptionalQuery));
    expect(again).toBeInstanceOf(OptionalQuery);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(again).toMatchObject({ name: 'a', sortOrder: 'desc' });
    expect(validations()).toBe(1);
  });

  it('validates another query, or the same one for another DTO, on its own', async () => {
    const { pipe, validations } = counted();
    await pipe.transform({ name: 'a' }, meta(OptionalQuery));
    await pipe.transform({ name: 'b' }, meta(OptionalQuery));
    await pipe.transform({ name: 'a' }, meta(RequiredQuery));
    await pipe.transform({ name: ['a', 'b'] }, meta(OptionalQuery)).catch(() => undefined);
    expect(validations()).toBe(4);
  });

  it('refuses a query that fails every time, with the same details', async () => {
    const { pipe, validations } = counted();
    const refusals: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const error = await pipe.transform({}, meta(RequiredQuery)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      refusals.push((error as DomainError).details);
    }
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[2]).toEqual(refusals[0]);
    expect(validations()).toBe(3);
  });

  it('still refuses an unknown key after the known ones passed', async () => {
    const pipe = createValidationPipe();
    await pipe.transform({}, meta(OptionalQuery));
    await pipe.transform({ name: 'a' }, meta(OptionalQuery));
    await expect(pipe.transform({ name: 'a', extra: '1' }, meta(OptionalQuery))).rejects.toThrow(DomainError);
  });

  it(`remembers at most ${REMEMBERED_QUERIES_PER_DTO} queries per DTO, forgetting the oldest first`, async () => {
    const { pipe, validations } = counted();
    for (let i = 0; i <= REMEMBERED_QUERIES_PER_DTO; i += 1)
      await pipe.transform({ name: `n${i}` }, meta(OptionalQuery));
    expect(validations()).toBe(REMEMBERED_QUERIES_PER_DTO + 1);
    await pipe.transform({ name: `n${REMEMBERED_QUERIES_PER_DTO}` }, meta(OptionalQuery));
    expect(validations()).toBe(REMEMBERED_QUERIES_PER_DTO + 1);
    await pipe.transform({ name: 'n0' }, meta(OptionalQuery));
    expect(validations()).toBe(REMEMBERED_QUERIES_PER_DTO + 2);
  });

  it(`validates a query longer than ${REMEMBERED_QUERY_MAX_LENGTH} characters every time`, async () => {
    const { pipe, validations } = counted();
    const name = 'x'.repeat(REMEMBERED_QUERY_MAX_LENGTH);
    await pipe.transform({ name }, meta(OptionalQuery));
    await pipe.transform({ name }, meta(OptionalQuery));
    expect(validations()).toBe(2);
  });
});

describe('PrecomputedJsonCache', () => {
  it('computes a body once per key, with a strong ETag of its exact bytes', () => {
    const cache = new PrecomputedJsonCache(2);
    let calls = 0;
    const body = () => {
      calls += 1;
      return { a: 1 };
    };
    const first = cache.get('k', body);
    expect(cache.get('k', body)).toBe(first);
    expect(calls).toBe(1);
    expect(first.json).toBe('{"a":1}');
    expect(first.etag).toBe(new PrecomputedJson({ a: 1 }).etag);
    expect(first.etag).not.toBe(new PrecomputedJson({ a: 2 }).etag);
  });

  it('starts over past its limit instead of growing', () => {
    const cache = new PrecomputedJsonCache(2);
    const first = cache.get('a', () => 1);
    cache.get('b', () => 2);
    cache.get('c', () => 3);
    expect(cache.get('a', () => 1)).not.toBe(first);
  });
});

class BaseQuery {
  @IsString()
  name!: string;

  @IsInt({ groups: ['paged'] })
  page!: number;
}

class ChildQuery extends BaseQuery {
  @IsOptional()
  @IsString()
  sortOrder?: string;
}

describe('remembered validation metadata', () => {
  const storage = getMetadataStorage();
  const own = (...args: Parameters<MetadataStorage['getTargetValidationMetadatas']>) =>
    MetadataStorage.prototype.getTargetValidationMetadatas.apply(storage, args);

  beforeAll(() => {
    createValidationPipe();
  });

  it("answers a class's own and inherited rules as class-validator does, computed once", () => {
    const first = storage.getTargetValidationMetadatas(ChildQuery, '', false, false);
    expect(first).toEqual(own(ChildQuery, '', false, false));
    expect(first.map((rule) => rule.propertyName).sort()).toEqual(['name', 'page', 'sortOrder', 'sortOrder']);
    expect(storage.getTargetValidationMetadatas(ChildQuery, '', false, false)).toBe(first);
  });

  it('keeps classes, groups and the always flag apart', () => {
    const cases: Parameters<MetadataStorage['getTargetValidationMetadatas']>[] = [
      [BaseQuery, '', false, false],
      [ChildQuery, '', false, false, ['paged']],
      [ChildQuery, '', true, false],
      [ChildQuery, '', false, true],
      [ChildQuery, '', false, false, ['other']],
    ];
    const answers = cases.map((args) => storage.getTargetValidationMetadatas(...args));
    answers.forEach((answer, index) => expect(answer).toEqual(own(...cases[index])));
    expect(new Set(answers.map((answer) => answer.length)).size).toBeGreaterThan(1);
    expect(answers[1].map((rule) => rule.propertyName)).toContain('page');
    expect(answers[3].map((rule) => rule.propertyName)).not.toContain('page');
  });

  it('wraps the storage once however many pipes are made', () => {
    const wrapped = storage.getTargetValidationMetadatas;
    rememberValidationMetadata();
    createValidationPipe();
    expect(storage.getTargetValidationMetadatas).toBe(wrapped);
    expect(wrapped).not.toBe(MetadataStorage.prototype.getTargetValidationMetadatas);
  });
});
