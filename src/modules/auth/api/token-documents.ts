import { DomainError } from '../../../shared/domain/domain-error';
import { BAD_CREDENTIALS_CODE } from '../application/token.service';

/** The token service's media type (docs/api-conventions.md); `application/json` is accepted on input too. */
export const JSON_API = 'application/vnd.api+json';
export const AUTH_TOKEN_TYPE = 'auth-token';

/** Longer than any key or secret we issue; keeps a hostile body from feeding scrypt 100 kB. */
const MAX_CREDENTIAL_LENGTH = 256;
const MAX_TOKEN_LENGTH = 4096;

/**
 * Reads `{"data":{"type":"auth-token","attributes":{…}}}` with exactly the given attributes, each
 * a non-empty string. Anything else is malformed: 400 `2006` on both endpoints (docs/authentication.md "malformed
 * body"), naming the member at fault. A well-formed refresh document with a bad token is the
 * service's 401 `2007`, not this.
 */
function readAttributes<K extends string>(body: unknown, names: readonly K[], maxLength: number): Record<K, string> {
  const data = exactObject(exactObject(body, 'document', ['data']).data, 'data', ['type', 'attributes']);
  if (data.type !== AUTH_TOKEN_TYPE) throw malformed(`data.type must be "${AUTH_TOKEN_TYPE}"`);
  const attributes = exactObject(data.attributes, 'data.attributes', names);
  const values = {} as Record<K, string>;
  for (const name of names) {
    const value = attributes[name];
    if (typeof value !== 'string' || value.length === 0 || value.length > maxLength) {
      throw malformed(`data.attributes.${name} must be a string of 1 to ${maxLength} characters`);
    }
    values[name] = value;
  }
  return values;
}

export function parseObtainDocument(body: unknown): { login: string; password: string } {
  return readAttributes(body, ['login', 'password'], MAX_CREDENTIAL_LENGTH);
}

export function parseRefreshDocument(body: unknown): { refresh: string } {
  return readAttributes(body, ['refresh'], MAX_TOKEN_LENGTH);
}

/** An object with exactly the members `keys`; `path` names it in the error. */
function exactObject(value: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(`${path} must be an object`);
  const record = value as Record<string, unknown>;
  const memberPath = (key: string) => (path === 'document' ? key : `${path}.${key}`);
  const extra = Object.keys(record).filter((key) => !keys.includes(key));
  if (extra.length > 0) throw malformed(`${extra.map(memberPath).join(', ')} not allowed`);
  const missing = keys.filter((key) => !Object.hasOwn(record, key));
  if (missing.length > 0) throw malformed(`${missing.map(memberPath).join(', ')} required`);
  return record;
}

function malformed(problem: string): DomainError {
  return new DomainError('invalid', BAD_CREDENTIALS_CODE, `Malformed auth-token document: ${problem}`);
}
