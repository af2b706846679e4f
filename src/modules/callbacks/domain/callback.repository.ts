import type { EntityManager } from 'typeorm';
import type { CallbackEventType, CallbackOperationType } from './callback-event';
import type { CallbackStatus } from './callback-status';

/** One event for one URL: the outbox row and its delivery log in one. */
export interface CallbackRecord {
  /** The event id: `webhook-id` and the body's `id`, the same on every attempt. */
  readonly id: string;
  readonly accountId: string;
  readonly url: string;
  readonly type: CallbackEventType;
  readonly status: CallbackStatus;
  readonly operationId: string;
  readonly operationType: CallbackOperationType;
  readonly body: string;
  /** Attempts made so far (including one under way). */
  readonly attempt: number;
  readonly scheduleStep: number;
  readonly timeSent: Date | null;
  readonly responseCode: number | null;
  readonly responseBody: string | null;
  readonly createdAt: Date;
}

export interface NewCallback {
  readonly id: string;
  readonly deploymentId: string;
  readonly url: string;
  readonly type: CallbackEventType;
  readonly operationId: string;
  readonly operationType: CallbackOperationType;
  readonly body: string;
  readonly createdAt: Date;
}

export interface AttemptResult {
  readonly status: CallbackStatus;
  readonly scheduleStep: number;
  readonly retryInMs: number | null;
  readonly responseCode: number | null;
  readonly responseBody: string | null;
  readonly error: string | null;
}

/** What a caller may reach: accounts, and for a key limited to some deployments, those (else null). */
export interface CallbackReach {
  readonly accountIds: readonly string[];
  readonly deploymentIds: readonly string[] | null;
}

/** Port for the outbox, the log and the signing secrets; the TypeORM adapter is in infrastructure/. */
export abstract class CallbackRepository {
  /** Writes the row inside the caller's transaction (`manager`), so it commits or rolls back with the change. */
  abstract enqueue(manager: EntityManager, callback: NewCallback): Promise<void>;
  /**
   * Claims up to `limit` due callbacks for one attempt each: `FOR UPDATE SKIP LOCKED`, so instances
   * never claim the same row, and the row's next attempt is pushed `leaseMs` ahead, so a worker
   * that dies mid-delivery leaves it due again later instead of lost. Only the oldest undelivered
   * callback of each resource (`operationId`) is claimable: the ones after it wait until it is
   * SENT or FAILED, so one resource's callbacks arrive in the order its changes happened, and a
   * claimed row stays undelivered (holding the others back) until its attempt is recorded.
   */
  abstract claimDue(limit: number, leaseMs: number): Promise<CallbackRecord[]>;
  /** Callbacks whose next attempt is due now (the delivery backlog), for the metrics. */
  abstract countDue(): Promise<number>;
  /** Records the attempt unless a later claim (after this one's lease ran out) took the row over. */
  abstract recordAttempt(id: string, attempt: number, result: AttemptResult): Promise<void>;
  /** The log of one operation, limited to what the caller may reach. */
  abstract listByOperation(
    reach: CallbackReach,
    operationId: string,
    limit: number,
    offset: string,
  ): Promise<{ total: number; items: CallbackRecord[] }>;
  /**
   * FAILED callbacks among `ids` that the caller may reach go back to the start of the schedule, in
   * the caller's transaction; answers the ones requeued.
   */
  abstract requeueFailed(
    manager: EntityManager,
    reach: CallbackReach,
    ids: readonly string[],
  ): Promise<{ readonly id: string; readonly accountId: string }[]>;
  /** The account's queue-notification URL; null when none is set. */
  abstract findOperationsCallbackUrl(accountId: string): Promise<string | null>;
  /** Stores the URL in the caller's transaction; answers the one it replaced (null when none was set). */
  abstract saveOperationsCallbackUrl(
    manager: EntityManager,
    accountId: string,
    url: string | null,
  ): Promise<string | null>;
  /** The queue-notification URL of the deployment's account, read inside the caller's transaction. */
  abstract operationsCallbackUrlOf(manager: EntityManager, deploymentId: string): Promise<string | null>;
  abstract saveSecret(manager: EntityManager, accountId: string, ciphertext: string): Promise<void>;
  abstract findSecret(accountId: string): Promise<string | undefined>;
}
