export const PAYOUT_STATUSES = ['CREATED', 'SIGNED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A payout follows its PAYOUT queue operation (docs/contract.md, Payouts). EXECUTED, FAILED and CANCELED are final.
 * CREATED may jump ahead (an execution can be reported before anyone saw READY), SIGNED falls back
 * to CREATED when the operation's signatures are reset, and a broadcast payout can no longer be
 * cancelled: only the chain decides it.
 */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  CREATED: ['SIGNED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED'],
  SIGNED: ['CREATED', 'SENT', 'EXECUTED', 'FAILED', 'CANCELED'],
  SENT: ['EXECUTED', 'FAILED'],
  EXECUTED: [],
  FAILED: [],
  CANCELED: [],
};

export function canPayoutTransition(from: PayoutStatus, to: PayoutStatus): boolean {
  return PAYOUT_TRANSITIONS[from].includes(to);
}
