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

/** Status only moves forward (docs/contract.md, Transactions): PENDING → EXECUTED → CONFIRMED; PENDING/EXECUTED → FAILED. */
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

/**
 * Money counts once final: a deposit adds to its invoice's paid amount, becomes claimable and counts
 * in balances only at CONFIRMED (the network's required confirmations). An EXECUTED deposit is
 * shown as confirming and adds nothing, so a reorg before it is final leaves every figure as it was.
 */
export function countsAsMoney(status: TransactionStatus): boolean {
  return status === 'CONFIRMED';
}

/**
 * Mined: the transaction is in a block (at least one confirmation). What a wallet transaction did
 * on chain (a nonce consumed, deposits swept) is taken as done from here on.
 */
export function isMined(status: TransactionStatus): boolean {
  return status === 'EXECUTED' || status === 'CONFIRMED';
}
