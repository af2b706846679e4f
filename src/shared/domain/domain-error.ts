/**
 * What kind of failure a domain rule reports. The HTTP layer maps each kind to one status in one
 * place (`shared/http/error-response.filter.ts`); domain code never speaks HTTP.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'rate_limited'
  | 'unavailable';

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** Stable UPPER_SNAKE machine code that clients may branch on. */
    readonly code: string,
    message: string,
    readonly details: readonly FieldProblem[] = [],
    /** For `rate_limited` and `unavailable`: when the client may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(code: string, message: string, details: readonly FieldProblem[] = []): DomainError {
    return new DomainError('invalid', code, message, details);
  }

  static notFound(code: string, message: string): DomainError {
    return new DomainError('not_found', code, message);
  }

  static conflict(code: string, message: string): DomainError {
    return new DomainError('conflict', code, message);
  }

  /** One input field is wrong: a 400 whose details name it. */
  static field(field: string, message: string, code = 'VALIDATION_FAILED'): DomainError {
    return new DomainError('invalid', code, `Invalid value for ${field}`, [{ field, message }]);
  }
}
