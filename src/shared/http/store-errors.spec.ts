import {
  CannotExecuteNotConnectedError,
  QueryFailedError,
  QueryRunnerAlreadyReleasedError,
  QueryRunnerProviderAlreadyReleasedError,
} from 'typeorm';
import { toProblem } from './error-response.filter';
import { isStoreUnavailable } from './store-errors';

describe('store errors: what a database restart throws is a 503, not a 500', () => {
  it.each([
    ['TypeORM: query runner already released', new QueryRunnerAlreadyReleasedError()],
    ['TypeORM: query runner provider already released', new QueryRunnerProviderAlreadyReleasedError()],
    ['TypeORM: not connected', new CannotExecuteNotConnectedError()],
    ['pg: client closed', new Error('Client was closed and is not queryable')],
    ['pg-pool: pool ended', new Error('Cannot use a pool after calling end on the pool')],
    ['pg-pool: double release', new Error('Release called on client which has already been released to the pool.')],
    ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
    [
      'PostgreSQL: admin shutdown',
      new QueryFailedError('SELECT 1', [], Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ],
    [
      'PostgreSQL: a deadlock still there after the retries',
      new QueryFailedError('UPDATE', [], Object.assign(new Error('deadlock detected'), { code: '40P01' })),
    ],
    [
      'PostgreSQL: a serialization failure still there after the retries',
      new QueryFailedError('UPDATE', [], Object.assign(new Error('could not serialize'), { code: '40001' })),
    ],
  ])('%s', (_name, error) => {
    expect(isStoreUnavailable(error)).toBe(true);
    expect(toProblem(error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5 });
  });

  it.each([
    [
      'a unique violation',
      new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate'), { code: '23505' })),
    ],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('%s stays a 500', (_name, error) => {
    expect(isStoreUnavailable(error)).toBe(false);
    expect(toProblem(error).status).toBe(500);
  });
});
