import { DEFAULT_CALLBACK_RETRY_SCHEDULE_MS } from '../../../config/app-config';
import { stateAfterAttempt } from './callback-status';

const answered = (responseCode: number) => ({ kind: 'answered' as const, responseCode, responseBody: '' });

describe('stateAfterAttempt (Standard Webhooks schedule, docs/contract.md, Merchants)', () => {
  const schedule = DEFAULT_CALLBACK_RETRY_SCHEDULE_MS;

  it("is the callbacks' retry schedule (docs/contract.md, Merchants): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h", () => {
    const s = 1000;
    const h = 3600 * s;
    expect(schedule).toEqual([0, 5 * s, 300 * s, 1800 * s, 2 * h, 5 * h, 10 * h, 14 * h, 20 * h, 24 * h]);
  });

  it.each([200, 201, 204, 299])('treats %i as delivered', (code) => {
    expect(stateAfterAttempt(answered(code), 0, schedule)).toEqual({
      status: 'SENT',
      retryInMs: null,
      scheduleStep: 0,
    });
  });

  it('stops at 410 Gone and at a refused address', () => {
    expect(stateAfterAttempt(answered(410), 0, schedule).status).toBe('FAILED');
    expect(stateAfterAttempt({ kind: 'refused', error: 'private' }, 0, schedule).status).toBe('FAILED');
  });

  it.each([
    [answered(500)],
    [answered(404)],
    [answered(301)],
    [{ kind: 'unreachable' as const, error: 'ECONNREFUSED' }],
  ])('retries %j after the next delay', (outcome) => {
    expect(stateAfterAttempt(outcome, 0, schedule)).toEqual({ status: 'RETRY', retryInMs: 5000, scheduleStep: 1 });
    expect(stateAfterAttempt(outcome, 3, schedule)).toEqual({ status: 'RETRY', retryInMs: 7_200_000, scheduleStep: 4 });
  });

  it('fails after the last attempt of the schedule (ten in all)', () => {
    expect(stateAfterAttempt(answered(500), 8, schedule).status).toBe('RETRY');
    expect(stateAfterAttempt(answered(500), 9, schedule)).toEqual({
      status: 'FAILED',
      retryInMs: null,
      scheduleStep: 9,
    });
  });
});
