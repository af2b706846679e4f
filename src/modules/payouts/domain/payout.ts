import { DomainError } from '../../../shared/domain/domain-error';
import { canTransitionPayout, PayoutStatus } from './payout-status';

export interface PayoutProps {
  readonly id: string;
  readonly deploymentId: string;
  readonly currencyId: string;
  /** Base units of the currency. */
  readonly amount: bigint;
  /** Display form (EIP-55 or Tron base58). */
  readonly toAddress: string;
  readonly isTron: boolean;
  readonly trackingId: string | null;
  readonly callbackUrl: string | null;
  readonly queueOperationId: string;
  readonly nonce: bigint;
  readonly status: PayoutStatus;
  readonly createdBy: string;
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

/** A request to send funds, carried out by its PAYOUT queue operation (SPEC §8). */
export class Payout {
  private constructor(private props: PayoutProps) {}

  static restore(props: PayoutProps): Payout {
    return new Payout(props);
  }

  static create(props: Omit<PayoutProps, 'status'>): Payout {
    if (props.amount <= 0n) throw DomainError.field('amount', 'amount must be greater than 0', 'INVALID_AMOUNT');
    return new Payout({ ...props, status: 'CREATED' });
  }

  get id(): string {
    return this.props.id;
  }
  get status(): PayoutStatus {
    return this.props.status;
  }

  /**
   * Follows the operation. Reports arrive from the chain and from other requests in any order, so
   * one that would move a payout backward or out of a final status is ignored: returns whether the
   * status changed.
   */
  followOperation(progress: OperationProgress, nonce?: bigint): boolean {
    const target = STATUS_BY_PROGRESS[progress];
    if (nonce !== undefined) this.props = { ...this.props, nonce };
    if (target === this.props.status || !canTransitionPayout(this.props.status, target)) return false;
    this.props = { ...this.props, status: target };
    return true;
  }

  /** PATCH (17): null clears a field; undefined leaves it. */
  updateReferences(changes: { trackingId?: string | null; callbackUrl?: string | null }): void {
    this.props = {
      ...this.props,
      trackingId: changes.trackingId === undefined ? this.props.trackingId : changes.trackingId,
      callbackUrl: changes.callbackUrl === undefined ? this.props.callbackUrl : changes.callbackUrl,
    };
  }

  toProps(): PayoutProps {
    return this.props;
  }
}
