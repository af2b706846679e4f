import { ValidationError, ValidationPipe } from '@nestjs/common';
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

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
