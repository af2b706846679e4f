import { Address } from '../../../shared/domain/address';
import type { DecodedCall } from './call-decoding';
import { configDiff, reviewWarnings, WarningFacts } from './review-warnings';

const evm = (hex: string) => Address.fromHex20(hex, 'evm');
const known = `0xabc${'1'.repeat(33)}def0`;
const lookalike = evm(`0xabc${'2'.repeat(33)}def0`);
const stranger = evm(`0x${'3'.repeat(40)}`);
const native = (recipient: Address): DecodedCall => ({
  kind: 'NATIVE_TRANSFER',
  recipient,
  amount: 1n,
  currency: null,
});

function warnings(overrides: Partial<WarningFacts>) {
  return reviewWarnings({
    decoded: [],
    knownPayees: [known],
    config: null,
    simulation: { status: 'UNAVAILABLE', reason: 'none' },
    isBlocked: false,
    ...overrides,
  }).map((warning) => [warning.code, warning.severity, warning.callIndex]);
}

describe('reviewWarnings', () => {
  it('a look-alike recipient is CRITICAL, a stranger INFO, a known payee nothing', () => {
    expect(warnings({ decoded: [native(stranger), native(lookalike), native(evm(known))] })).toEqual([
      ['PAYEE_LOOKALIKE', 'CRITICAL', 1],
      ['FIRST_TIME_PAYEE', 'INFO', 0],
    ]);
  });

  it('a reverted simulation is CRITICAL; an unknown call a WARNING; a blocked nonce INFO', () => {
    expect(
      warnings({
        decoded: [{ kind: 'UNKNOWN', selector: '0xdeadbeef' }],
        simulation: { status: 'REVERTED', blockNumber: 1n, revertReason: 'no', callIndex: 0, transfers: [] },
        isBlocked: true,
      }),
    ).toEqual([
      ['SIMULATION_REVERTED', 'CRITICAL', 0],
      ['UNKNOWN_CALL', 'WARNING', 0],
      ['BLOCKED_BY_EARLIER_NONCE', 'INFO', null],
    ]);
  });

  it('a config change warns per removed approver and when the threshold goes down', () => {
    const [a, b, c] = ['1', '2', '3'].map((digit) => evm(`0x${digit.repeat(40)}`));
    const config = configDiff([{ kind: 'SET_CONFIG', approvers: [a, c], threshold: 1n }], {
      approvers: [a, b],
      threshold: 2,
    });
    expect(config).toMatchObject({ thresholdBefore: 2, thresholdAfter: 1n });
    expect(warnings({ config })).toEqual([
      ['APPROVER_REMOVED', 'WARNING', null],
      ['THRESHOLD_LOWERED', 'WARNING', null],
    ]);
    expect(configDiff([native(a)], { approvers: [a], threshold: 1 })).toBeNull();
  });
});
