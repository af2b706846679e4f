/**
 * The event types, one per change a merchant or an approver integrates on: invoices and payouts to
 * their own callbackUrl, queue operations to the account's operationsCallbackUrl.
 */
export const CALLBACK_EVENT_TYPES = [
  'INVOICE_CREATED',
  'INVOICE_DEPOSIT_RECEIVED',
  'INVOICE_DEPOSIT_CONFIRMED',
  'INVOICE_PAID',
  'INVOICE_UNRESOLVED',
  'INVOICE_CLAIMED',
  'PAYOUT_CREATED',
  'PAYOUT_SIGNED',
  'PAYOUT_SENT',
  'PAYOUT_EXECUTED',
  'PAYOUT_FAILED',
  'PAYOUT_CANCELED',
  'OPERATION_CREATED',
  'OPERATION_SIGNED',
  'OPERATION_READY',
  'OPERATION_EXECUTED',
  'OPERATION_FAILED',
  'OPERATION_CANCELLED',
  'OPERATION_DELETED',
] as const;
export type CallbackEventType = (typeof CALLBACK_EVENT_TYPES)[number];

/** What kind of resource a callback's `operationId` names. */
export const CALLBACK_OPERATION_TYPES = ['invoice', 'payout', 'queue_operation'] as const;
export type CallbackOperationType = (typeof CALLBACK_OPERATION_TYPES)[number];

/** Something that happened to an invoice, a payout or a queue operation, to be told to `url`. */
export interface CallbackEvent {
  readonly deploymentId: string;
  /** Where to tell it, as set at the moment of the change; null means nobody listens. */
  readonly url: string | null;
  readonly type: CallbackEventType;
  readonly operationId: string;
  readonly operationType: CallbackOperationType;
  /** The resource's response DTO, as the API would show it right after the change. */
  readonly data: object;
}

/** The body every attempt sends, byte for byte (docs/contract.md, Merchants). */
export function callbackBody(id: string, event: CallbackEvent, createdAt: Date): string {
  return JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
}
