import { ArgumentMetadata, ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { DomainError, FieldProblem } from '../domain/domain-error';

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

/**
 * Most list requests carry no query at all (the default page). Whether an empty query passes a
 * DTO never changes, so it is validated once per DTO class; later empty queries get the DTO's
 * defaults without the class-validator walk, which profiles showed on every such request.
 */
class QueryValidationPipe extends ValidationPipe {
  private readonly emptyQueryPasses = new WeakMap<object, boolean>();

  constructor(options: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype;
    if (metadata.type !== 'query' || type === undefined || !isEmptyPlainObject(value) || !this.toValidate(metadata))
      return super.transform(value, metadata);
    if (this.emptyQueryPasses.get(type) === true) return plainToInstance(type, {});
    try {
      const result: unknown = await super.transform(value, metadata);
      this.emptyQueryPasses.set(type, true);
      return result;
    } catch (error) {
      this.emptyQueryPasses.set(type, false);
      throw error;
    }
  }
}

function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

export function createValidationPipe(): ValidationPipe {
  return new QueryValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const details = fieldProblems(errors);
      const fields = [...new Set(details.map((detail) => detail.field))].join(', ');
      return DomainError.invalid('VALIDATION_FAILED', `Invalid request: ${fields}`, details);
    },
  });
}
