/**
 * The shapes the console reads from /api/v1, named for the screens. Every one is the service's
 * own description (openapi.ts, generated from openapi.json), so a change of the API that the
 * console does not follow fails its type check. Two are narrowed where OpenAPI cannot say more:
 * a decoded call is a union by `kind`, and the typed data is the EIP-712 shape the digest check reads.
 */
import type { ReviewTypedData } from '../lib/digest';
import type { components } from './openapi';

type Schemas = components['schemas'];

export type SessionDto = Schemas['SessionDto'];
export type Role = Schemas['MembershipDto']['role'];

/** A list page: every paged answer of the API has these four fields. */
export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  items: T[];
}

export type Currency = Schemas['CurrencyResponseDto'];
export type Account = Schemas['AccountResponseDto'];
export type AccountDeployment = Schemas['AccountDeploymentDto'];
export type AccountDetails = Schemas['AccountDetailsDto'];
export type Network = Schemas['NetworkResponseDto'];
export type AssetBalance = Schemas['AssetBalanceDto'];
export type BalanceSummary = Schemas['BalanceSummaryResponseDto'];
export type Call = Schemas['OperationCallDto'];
export type QueueOperation = Schemas['QueueOperationResponseDto'];
export type OperationStatus = QueueOperation['status'];
export type QueuePage = Schemas['DeploymentQueueResponseDto'];

type DecodedDto = Schemas['DecodedCallDto'];

/** A decoded call by its kind: the fields the service sets for each (see DecodedCallDto). */
export type Decoded =
  | { kind: 'NATIVE_TRANSFER'; recipient: string; amount: string; currency: Currency | null }
  | { kind: 'TOKEN_TRANSFER'; recipient: string; amount: string; currency: Currency | null }
  | { kind: 'SET_CONFIG'; approvers: string[]; threshold: number }
  | { kind: 'CLAIM_TO'; currency: Currency | null; recipient: string; invoiceNonces: string[] }
  | { kind: 'CONTRACT_CALL'; function: string; args: NonNullable<DecodedDto['args']> }
  | { kind: 'UNKNOWN'; selector: string | null };

// The union names every kind the service has and no other: a new kind fails here.
type SameKinds = [Decoded['kind']] extends [DecodedDto['kind']]
  ? [DecodedDto['kind']] extends [Decoded['kind']]
    ? true
    : never
  : never;
export const DECODED_KINDS_AGREE: SameKinds = true;

export type Severity = Schemas['ReviewWarningDto']['severity'];

type ReviewDto = Schemas['OperationReviewDto'];
export type OperationReview = Omit<ReviewDto, 'typedData' | 'calls'> & {
  typedData: ReviewTypedData;
  calls: (Omit<ReviewDto['calls'][number], 'decoded'> & { decoded: Decoded })[];
};

export type Payout = Schemas['PayoutResponseDto'];
export type Invoice = Schemas['InvoiceResponseDto'];
export type Transaction = Schemas['TransactionResponseDto'];
export type ClaimItem = Schemas['ClaimItemDto'];
export type Member = Schemas['MemberResponseDto'];
export type ApiKey = Schemas['ApiKeyResponseDto'];
export type ApiKeyCreated = Schemas['ApiKeyCreatedDto'];
export type AddressBookEntry = Schemas['AddressBookEntryDto'];
export type PayoutPolicy = Schemas['PayoutPolicyDto'];
export type AuditEvent = Schemas['AuditEventResponseDto'];
export type AuditAction = AuditEvent['action'];
export type NotificationSettings = Schemas['NotificationSettingsResponseDto'];
export type CallbackSettings = Schemas['CallbackSettingsDto'];
