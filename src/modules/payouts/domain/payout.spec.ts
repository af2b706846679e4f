import { Address } from '../../../shared/domain/address';
import { OperationProgress, Payout } from './payout';

const created = new Date('2026-01-01T00:00:00.000Z');
const later = new Date('2026-01-02T00:00:00.000Z');

const base = {
  id: 'p',
  deploymentId: 'd',
  currencyId: '1',
  amount: 10n,
  toAddress: Address.parse('0x1111111111111111111111111111111111111111', 'evm'),
  trackingId: null,
  callbackUrl: null,
  queueOperationId: 'o',
  nonce: 0n,
  createdBy: '0x2222222222222222222222222222222222222222',
  createdByMemberId: 'm',
  createdAt: created,
};

function after(...steps: OperationProgress[]): string {
  const payout = Payout.create(base);
  steps.forEach((step) => payout.followOperation(step, undefined, later));
  return payout.status;
}

describe('Payout follows its operation', () => {
  it.each([
    [['READY'], 'SIGNED'],
    [['READY', 'PENDING'], 'CREATED'],
    [['READY', 'BROADCAST', 'EXECUTED'], 'EXECUTED'],
    [['READY', 'BROADCAST', 'FAILED'], 'FAILED'],
    [['BROADCAST'], 'SENT'],
    [['EXECUTED'], 'EXECUTED'],
    [['EXECUTED', 'BROADCAST'], 'EXECUTED'],
    [['BROADCAST', 'PENDING'], 'SENT'],
    [['BROADCAST', 'CANCELLED'], 'SENT'],
    [['CANCELLED', 'READY'], 'CANCELED'],
    [['CANCELLED', 'EXECUTED'], 'CANCELED'],
    [['FAILED', 'EXECUTED'], 'FAILED'],
    [['READY', 'CANCELLED'], 'CANCELED'],
  ] as [OperationProgress[], string][])('%j → %s', (steps, expected) => {
    expect(after(...steps)).toBe(expected);
  });

  it('mirrors a nonce change and touches updatedAt only when something changed', () => {
    const payout = Payout.create(base);
    expect(payout.toProps().updatedAt).toBe(created);
    expect(payout.followOperation('PENDING', 0n, later)).toBe(false);
    expect(payout.toProps().updatedAt).toBe(created);
    payout.followOperation('READY', 0n, later);
    expect(payout.followOperation('PENDING', 7n, later)).toBe(true);
    expect(payout.toProps()).toMatchObject({ status: 'CREATED', nonce: 7n, updatedAt: later });
  });

  it('refuses a zero amount', () => {
    expect(() => Payout.create({ ...base, amount: 0n })).toThrow('Invalid value for amount');
  });

  it('clears references with null, keeps them with undefined, and refuses an empty change', () => {
    const payout = Payout.create({ ...base, trackingId: 'a', callbackUrl: 'https://x.test' });
    payout.updateReferences({ trackingId: null }, later);
    expect(payout.toProps()).toMatchObject({ trackingId: null, callbackUrl: 'https://x.test', updatedAt: later });
    expect(() => payout.updateReferences({}, later)).toThrow('give trackingId or callbackUrl');
  });

  it('is Tron when its recipient is', () => {
    expect(Payout.create(base).isTron).toBe(false);
    expect(
      Payout.create({ ...base, toAddress: Address.parse('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tvm') }).isTron,
    ).toBe(true);
  });
});
