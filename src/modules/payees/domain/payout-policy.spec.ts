import { Address } from '../../../shared/domain/address';
import { PayoutFacts, PayoutPolicy } from './payout-policy';

const recipient = Address.fromHex20(`0xabc${'1'.repeat(33)}def0`, 'evm');
const lookalike = `0xabc${'2'.repeat(33)}def0`;
const now = new Date('2026-11-26T12:00:00Z');

function facts(overrides: Partial<PayoutFacts> = {}): PayoutFacts {
  return {
    currencyId: '1',
    amount: 10n,
    recipient,
    last24hTotal: () => Promise.resolve(0n),
    recipientApprovedAt: undefined,
    knownPayees: [],
    now,
    ...overrides,
  };
}

const policy = (props: Partial<PayoutPolicy['props']>) =>
  PayoutPolicy.create({ ...PayoutPolicy.DEFAULT.props, ...props });
const codeOf = (promise: Promise<void>) =>
  promise.then(
    () => 'allowed',
    (error: { code: string }) => error.code,
  );

describe('PayoutPolicy', () => {
  it('the default lets any payee through, and refuses look-alikes of known payees only', async () => {
    expect(await codeOf(PayoutPolicy.DEFAULT.assertAllows(facts()))).toBe('allowed');
    expect(await codeOf(PayoutPolicy.DEFAULT.assertAllows(facts({ knownPayees: [lookalike] })))).toBe(
      'PAYEE_LOOKALIKE',
    );
    // Known itself (also when a look-alike of it is known too): allowed.
    expect(await codeOf(PayoutPolicy.DEFAULT.assertAllows(facts({ knownPayees: [lookalike, recipient.hex20] })))).toBe(
      'allowed',
    );
    expect(await codeOf(policy({ blockLookalikes: false }).assertAllows(facts({ knownPayees: [lookalike] })))).toBe(
      'allowed',
    );
  });

  it('addressBookOnly needs an approved entry; newPayeeDelayHours counts from its approval', async () => {
    expect(await codeOf(policy({ addressBookOnly: true }).assertAllows(facts()))).toBe('PAYEE_NOT_IN_ADDRESS_BOOK');
    const delayed = policy({ addressBookOnly: true, newPayeeDelayHours: 24 });
    const approvedAt = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
    expect(await codeOf(delayed.assertAllows(facts({ recipientApprovedAt: approvedAt(23.9) })))).toBe('PAYEE_TOO_NEW');
    expect(await codeOf(delayed.assertAllows(facts({ recipientApprovedAt: approvedAt(24) })))).toBe('allowed');
  });

  it('limits are inclusive, per currency; the 24 h total is read only when a daily limit applies', async () => {
    const limited = policy({ limits: [{ currencyId: '1', maxPerPayout: 10n, maxPer24h: 25n }] });
    expect(await codeOf(limited.assertAllows(facts({ amount: 11n })))).toBe('PAYOUT_LIMIT_EXCEEDED');
    expect(await codeOf(limited.assertAllows(facts({ amount: 10n, last24hTotal: () => Promise.resolve(15n) })))).toBe(
      'allowed',
    );
    expect(await codeOf(limited.assertAllows(facts({ amount: 10n, last24hTotal: () => Promise.resolve(16n) })))).toBe(
      'DAILY_LIMIT_EXCEEDED',
    );
    const unread = jest.fn(() => Promise.resolve(1_000n));
    expect(await codeOf(limited.assertAllows(facts({ currencyId: '2', amount: 1_000n, last24hTotal: unread })))).toBe(
      'allowed',
    );
    expect(unread).not.toHaveBeenCalled();
  });

  it('create refuses a delay outside 0..720 hours and a currency named twice', () => {
    expect(() => policy({ newPayeeDelayHours: 721 })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => policy({ newPayeeDelayHours: 0.5 })).toThrow();
    expect(() =>
      policy({
        limits: [
          { currencyId: '1', maxPerPayout: null, maxPer24h: null },
          { currencyId: '1', maxPerPayout: 1n, maxPer24h: null },
        ],
      }),
    ).toThrow();
    expect(policy({ newPayeeDelayHours: 720 }).props.newPayeeDelayHours).toBe(720);
  });
});
