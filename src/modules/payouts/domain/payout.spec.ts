import { OperationProgress, Payout } from './payout';

const base = {
  id: 'p',
  deploymentId: 'd',
  currencyId: '1',
  amount: 10n,
  toAddress: '0x1111111111111111111111111111111111111111',
  isTron: false,
  trackingId: null,
  callbackUrl: null,
  queueOperationId: 'o',
  nonce: 0n,
  createdBy: '0x2222222222222222222222222222222222222222',
  createdAt: new Date(),
  updatedAt: new Date(),
};

function after(...steps: OperationProgress[]): string {
  const payout = Payout.create(base);
  steps.forEach((step) => payout.followOperation(step));
  return payout.status;
}

describe('Payout follows its operation', () => {
  it.each([
    [['READY'], 'SIGNED'],
    [['READY', 'PENDING'], 'CREATED'],
    [['READY', 'BROADCAST', 'EXECUTED'], 'EXECUTED'],
    [['READY', 'BROADCAST', 'FAILED'], 'FAILED'],
    [['EXECUTED', 'BROADCAST'], 'EXECUTED'],
    [['BROADCAST', 'CANCELLED'], 'SENT'],
    [['CANCELLED', 'READY'], 'CANCELED'],
    [['FAILED', 'EXECUTED'], 'FAILED'],
    [['READY', 'CANCELLED'], 'CANCELED'],
  ] as [OperationProgress[], string][])('%j → %s', (steps, expected) => {
    expect(after(...steps)).toBe(expected);
  });

  it('refuses a zero amount', () => {
    expect(() => Payout.create({ ...base, amount: 0n })).toThrow('Invalid value for amount');
  });

  it('clears references with null and keeps them with undefined', () => {
    const payout = Payout.create({ ...base, trackingId: 'a', callbackUrl: 'https://x.test' });
    payout.updateReferences({ trackingId: null });
    expect(payout.toProps()).toMatchObject({ trackingId: null, callbackUrl: 'https://x.test' });
  });
});
