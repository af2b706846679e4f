import { getMetadataStorage, IsDefined, IsInt, IsOptional, IsString, MetadataStorage } from 'class-validator';
import { DomainError } from '../domain/domain-error';
import { PrecomputedJson, PrecomputedJsonCache } from './public-cache.interceptor';
import { createValidationPipe, rememberValidationMetadata } from './validation';

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

describe('the validation pipe on empty queries', () => {
  const meta = (metatype: new () => object) => ({ type: 'query' as const, metatype, data: undefined });

  it('gives the DTO with its defaults, every time', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 3; i += 1) {
      const result = await pipe.transform({}, meta(OptionalQuery));
      expect(result).toBeInstanceOf(OptionalQuery);
      expect(result).toEqual(Object.assign(new OptionalQuery(), {}));
    }
  });

  it('still refuses an empty query to a DTO that needs a field, every time', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 3; i += 1) await expect(pipe.transform({}, meta(RequiredQuery))).rejects.toThrow(DomainError);
  });

  it('still validates a non-empty query after an empty one passed', async () => {
    const pipe = createValidationPipe();
    await pipe.transform({}, meta(OptionalQuery));
    await expect(pipe.transform({ name: 'a', extra: '1' }, meta(OptionalQuery))).rejects.toThrow(DomainError);
    await expect(pipe.transform({ name: 'a' }, meta(OptionalQuery))).resolves.toMatchObject({ name: 'a' });
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
