import type { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { findLookalike } from '../../../shared/domain/lookalike';

export interface CurrencyLimit {
  readonly currencyId: string;
  /** Base units; null: no limit. */
  readonly maxPerPayout: bigint | null;
  readonly maxPer24h: bigint | null;
}

export interface PayoutPolicyProps {
  readonly addressBookOnly: boolean;
  readonly blockLookalikes: boolean;
  readonly newPayeeDelayHours: number;
  readonly limits: readonly CurrencyLimit[];
}

export const MAX_NEW_PAYEE_DELAY_HOURS = 720;
const HOUR_MS = 3_600_000;

/** What the policy judges a payout by, gathered in the payout's transaction under the account's lock. */
export interface PayoutFacts {
  readonly currencyId: string;
  /** Base units. */
  readonly amount: bigint;
  readonly recipient: Address;
  /** Payouts of the currency in the last 24 h, CANCELED and FAILED excluded (this one not included). */
  readonly last24hTotal: () => Promise<bigint>;
  /** When the recipient's APPROVED address-book entry was approved; undefined when it has none. */
  readonly recipientApprovedAt: Date | undefined;
  /** Known payees (20-byte hex) that equal the recipient or share its look-alike digits. */
  readonly knownPayees: readonly string[];
  readonly now: Date;
}

/**
 * An account's payout policy: a gate in the service in front of every payout. It cannot bind
 * owners who sign and execute outside the service: the wallet contract knows nothing of it.
 */
export class PayoutPolicy {
  private constructor(readonly props: PayoutPolicyProps) {}

  static readonly DEFAULT = new PayoutPolicy({
    addressBookOnly: false,
    blockLookalikes: true,
    newPayeeDelayHours: 0,
    limits: [],
  });

  /** A policy as a client set it: each rule broken is a 400 naming its field. */
  static create(props: PayoutPolicyProps): PayoutPolicy {
    const { newPayeeDelayHours } = props;
    if (
      !Number.isInteger(newPayeeDelayHours) ||
      newPayeeDelayHours < 0 ||
      newPayeeDelayHours > MAX_NEW_PAYEE_DELAY_HOURS
    ) {
      throw DomainError.field(
        'newPayeeDelayHours',
        `newPayeeDelayHours must be an integer from 0 to ${MAX_NEW_PAYEE_DELAY_HOURS}`,
      );
    }
    const seen = new Set<string>();
    props.limits.forEach((limit, index) => {
      if (seen.has(limit.currencyId)) {
        throw DomainError.field(`limits.${index}.currencyId`, `limits name currency ${limit.currencyId} twice`);
      }
      seen.add(limit.currencyId);
    });
    return new PayoutPolicy(props);
  }

  static restore(props: PayoutPolicyProps): PayoutPolicy {
    return new PayoutPolicy(props);
  }

  limitFor(currencyId: string): CurrencyLimit | undefined {
    return this.props.limits.find((limit) => limit.currencyId === currencyId);
  }

  /**
   * Refuses a payout the policy forbids (400 with the rule's code), in the order a person fixes
   * them: who is paid, then how much. Limits are inclusive.
   */
  async assertAllows(facts: PayoutFacts): Promise<void> {
    const { props } = this;
    const recipient = facts.recipient.display;
    if (props.addressBookOnly && facts.recipientApprovedAt === undefined) {
      throw DomainError.invalid(
        'PAYEE_NOT_IN_ADDRESS_BOOK',
        `The payout policy allows only approved address-book entries, and ${recipient} is not one`,
      );
    }
    if (facts.recipientApprovedAt !== undefined && props.newPayeeDelayHours > 0) {
      const usableAt = facts.recipientApprovedAt.getTime() + props.newPayeeDelayHours * HOUR_MS;
      if (facts.now.getTime() < usableAt) {
        throw DomainError.invalid(
          'PAYEE_TOO_NEW',
          `${recipient} was approved less than ${props.newPayeeDelayHours} h ago; it can be paid from ${new Date(usableAt).toISOString()}`,
        );
      }
    }
    if (props.blockLookalikes && !facts.knownPayees.includes(facts.recipient.hex20)) {
      const lookalike = findLookalike(facts.recipient, facts.knownPayees);
      if (lookalike !== undefined) {
        throw DomainError.invalid(
          'PAYEE_LOOKALIKE',
          `${recipient} is not a known payee but shares the first 3 and last 4 hex digits of one (${lookalike}): check the address with the payee`,
        );
      }
    }
    const limit = this.limitFor(facts.currencyId);
    if (limit === undefined) return;
    if (limit.maxPerPayout !== null && facts.amount > limit.maxPerPayout) {
      throw DomainError.invalid('PAYOUT_LIMIT_EXCEEDED', `The payout is above the policy's limit per payout`);
    }
    if (limit.maxPer24h !== null && (await facts.last24hTotal()) + facts.amount > limit.maxPer24h) {
      throw DomainError.invalid(
        'DAILY_LIMIT_EXCEEDED',
        `Payouts of ${facts.currencyId} in the last 24 h would pass the policy's daily limit`,
      );
    }
  }
}
