export const TRANSACTION_STATUSES = ['PENDING', 'EXECUTED', 'CONFIRMED', 'FAILED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_DIRECTIONS = ['IN', 'OUT'] as const;
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

export const TRANSACTION_OPERATION_TYPES = [
  'invoice',
  'direct_deposit',
  'set_config',
  'claim',
  'payout',
  'reject',
  'deploy',
  'dapp_transaction',
] as const;
export type TransactionOperationType = (typeof TRANSACTION_OPERATION_TYPES)[number];

/** Status only moves forward (SPEC §5): PENDING → EXECUTED → CONFIRMED; PENDING/EXECUTED → FAILED. */
export const TRANSACTION_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  PENDING: ['EXECUTED', 'CONFIRMED', 'FAILED'],
  EXECUTED: ['CONFIRMED', 'FAILED'],
  CONFIRMED: [],
  FAILED: [],
};

/**
 * The status after an observation arrives, whatever order observations come in: a report that
 * would move the status backward (or out of a final status) leaves it as it is. An executed
 * transaction with the network's required confirmations is CONFIRMED.
 */
export function nextTransactionStatus(
  current: TransactionStatus | undefined,
  reported: TransactionStatus,
  confirmations: number,
  requiredConfirmations: number,
): TransactionStatus {
  const effective = reported === 'EXECUTED' && confirmations >= requiredConfirmations ? 'CONFIRMED' : reported;
  if (current === undefined) return effective;
  return TRANSACTION_TRANSITIONS[current].includes(effective) ? effective : current;
}

/** Deposits count toward invoices and claims once mined. */
export function isSettled(status: TransactionStatus): boolean {
  return status === 'EXECUTED' || status === 'CONFIRMED';
}
