import type { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { canPayoutTransition, PayoutStatus } from './payout-status';

export interface PayoutProps {
  readonly id: string;
  readonly deploymentId: string;
  /** Canonical catalog id (`{chainId}` or `{chainId}-{address}`). */
  readonly currencyId: string;
  /** Base units of the currency. */
  readonly amount: bigint;
  readonly toAddress: Address;
  readonly trackingId: string | null;
  readonly callbackUrl: string | null;
  readonly queueOperationId: string;
  /** Mirrors the operation's nonce. */
  readonly nonce: bigint;
  readonly status: PayoutStatus;
  /** The creator's address in display form, and their member id. */
  readonly createdBy: string;
  readonly createdByMemberId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Where the payout's operation has got to, as the payout sees it. */
export type OperationProgress = 'PENDING' | 'READY' | 'BROADCAST' | 'EXECUTED' | 'FAILED' | 'CANCELLED';

const STATUS_BY_PROGRESS: Record<OperationProgress, PayoutStatus> = {
  PENDING: 'CREATED',
  READY: 'SIGNED',
  BROADCAST: 'SENT',
  EXECUTED: 'EXECUTED',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELED',
};

/** A request to send funds, carried out by its PAYOUT queue operation (docs/contract.md, Payouts). */
export class Payout {
  private constructor(private props: PayoutProps) {}

  static restore(props: PayoutProps): Payout {
    return new Payout(props);
  }

  static create(props: Omit<PayoutProps, 'status' | 'updatedAt'>): Payout {
    if (props.amount <= 0n) throw DomainError.field('amount', 'amount must be greater than 0', 'INVALID_AMOUNT');
    return new Payout({ ...props, status: 'CREATED', updatedAt: props.createdAt });
  }

  get id(): string {
    return this.props.id;
  }
  get status(): PayoutStatus {
    return this.props.status;
  }
  get isTron(): boolean {
    return this.props.toAddress.networkType === 'tvm';
  }

  /**
   * Follows the operation. These are observations, not commands: reports arrive from the chain and
   * from other requests in any order, so one that would move a payout backward or out of a final
   * status is ignored (throwing would roll back the operation change that reported it). The nonce
   * always mirrors the operation's. Returns whether anything changed.
   */
  followOperation(progress: OperationProgress, nonce: bigint | undefined, now: Date): boolean {
    const target = STATUS_BY_PROGRESS[progress];
    const nonceChanged = nonce !== undefined && nonce !== this.props.nonce;
    const statusChanged = target !== this.props.status && canPayoutTransition(this.props.status, target);
    if (!nonceChanged && !statusChanged) return false;
    this.props = {
      ...this.props,
      nonce: nonceChanged ? nonce : this.props.nonce,
      status: statusChanged ? target : this.props.status,
      updatedAt: now,
    };
    return true;
  }

  /** PATCH (17): null clears a field; undefined leaves it. At least one must be given. */
  updateReferences(changes: { trackingId?: string | null; callbackUrl?: string | null }, now: Date): void {
    if (changes.trackingId === undefined && changes.callbackUrl === undefined) {
      throw DomainError.invalid(
        'VALIDATION_FAILED',
        'Invalid request: give trackingId or callbackUrl (null clears it)',
      );
    }
    this.props = {
      ...this.props,
      trackingId: changes.trackingId === undefined ? this.props.trackingId : changes.trackingId,
      callbackUrl: changes.callbackUrl === undefined ? this.props.callbackUrl : changes.callbackUrl,
      updatedAt: now,
    };
  }

  toProps(): PayoutProps {
    return this.props;
  }
}
