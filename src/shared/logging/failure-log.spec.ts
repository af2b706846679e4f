import type { Logger } from 'pino';
import { FAILURE_LOG_INTERVAL_MS, FailureLog } from './failure-log';

function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'warn', fields, message }),
    error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
  } as unknown as Logger;
  return { lines, logger };
}

const terminated = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('FailureLog', () => {
  it('logs an outage cause once per interval as a warning, with the count of failures since', () => {
    const { lines, logger } = recorder();
    let now = 0;
    const log = new FailureLog(logger, () => now);
    for (let i = 0; i < 1000; i += 1) log.unavailable(terminated());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', fields: { status: 503, failedSinceLastLine: 0 } });
    expect(lines[0].fields.err).toBeUndefined();
    now += FAILURE_LOG_INTERVAL_MS;
    log.unavailable(terminated());
    expect(lines).toHaveLength(2);
    expect(lines[1].fields.failedSinceLastLine).toBe(999);
  });

  it('logs each distinct cause, and each distinct 500 as an error with its stack', () => {
    const { lines, logger } = recorder();
    const log = new FailureLog(logger, () => 0);
    log.unavailable(terminated());
    log.unavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    log.unavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }));
    const bug = new TypeError('cannot read x of undefined');
    log.failed(bug);
    log.failed(new TypeError('cannot read x of undefined'));
    log.failed(new RangeError('invalid array length'));
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'error', 'error']);
    expect(lines[2].fields.err).toBe(bug);
  });
});
