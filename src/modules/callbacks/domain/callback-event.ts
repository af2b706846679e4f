/** The event types of SPEC §13, one per status change a merchant integrates on. */
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
] as const;
export type CallbackEventType = (typeof CALLBACK_EVENT_TYPES)[number];

export const CALLBACK_OPERATION_TYPES = ['invoice', 'payout'] as const;
export type CallbackOperationType = (typeof CALLBACK_OPERATION_TYPES)[number];

/** Something that happened to an invoice or a payout, to be told to its callbackUrl. */
export interface CallbackEvent {
  readonly deploymentId: string;
  /** The resource's callbackUrl at the moment of the change; null means nobody listens. */
  readonly url: string | null;
  readonly type: CallbackEventType;
  readonly operationId: string;
  readonly operationType: CallbackOperationType;
  /** The resource's response DTO, as the API would show it right after the change. */
  readonly data: object;
}

/** The body every attempt sends, byte for byte (SPEC §13). */
export function callbackBody(id: string, event: CallbackEvent, createdAt: Date): string {
  return JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
}
