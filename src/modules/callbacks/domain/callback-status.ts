export const CALLBACK_STATUSES = ['CREATED', 'RETRY', 'SENT', 'FAILED'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** What one delivery attempt came to. */
export type AttemptOutcome =
  | { readonly kind: 'answered'; readonly responseCode: number; readonly responseBody: string }
  | { readonly kind: 'unreachable'; readonly error: string }
  /** The URL may not be called at all (a private address while that is not allowed): no retry helps. */
  | { readonly kind: 'refused'; readonly error: string };

export interface NextState {
  readonly status: CallbackStatus;
  /** Delay until the next attempt, when there is one. */
  readonly retryInMs: number | null;
  readonly scheduleStep: number;
}

/**
 * Standard Webhooks' retry rule (docs/contract.md, Merchants): 2xx is delivered; 410 Gone means the receiver wants no
 * more; anything else is retried after the next delay of the schedule, and after the last one the
 * callback is FAILED. `scheduleStep` is the index of the attempt just made within the schedule
 * (a resend starts the schedule over).
 */
export function stateAfterAttempt(
  outcome: AttemptOutcome,
  scheduleStep: number,
  schedule: readonly number[],
): NextState {
  if (outcome.kind === 'answered' && outcome.responseCode >= 200 && outcome.responseCode < 300) {
    return { status: 'SENT', retryInMs: null, scheduleStep };
  }
  if (outcome.kind === 'refused' || (outcome.kind === 'answered' && outcome.responseCode === 410)) {
    return { status: 'FAILED', retryInMs: null, scheduleStep };
  }
  const next = scheduleStep + 1;
  if (next >= schedule.length) return { status: 'FAILED', retryInMs: null, scheduleStep };
  return { status: 'RETRY', retryInMs: schedule[next], scheduleStep: next };
}
