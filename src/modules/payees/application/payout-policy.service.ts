import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Address } from '../../../shared/domain/address';
import { Amount } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Caller } from '../../auth/domain/caller';
import { auditActorOf } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import { CatalogService } from '../../catalog/catalog.service';
import { PayeesRepository } from '../domain/payees.repository';
import { CurrencyLimit, PayoutPolicy } from '../domain/payout-policy';
import { AddressBookService } from './address-book.service';

/** `PayoutPolicyDto`: amounts in whole units of their currency. */
export interface PayoutPolicyView {
  addressBookOnly: boolean;
  blockLookalikes: boolean;
  newPayeeDelayHours: number;
  limits: { currencyId: string; maxPerPayout: string | null; maxPer24h: string | null }[];
}

export interface PayoutPolicyInput {
  readonly addressBookOnly: boolean;
  readonly blockLookalikes: boolean;
  readonly newPayeeDelayHours: number;
  readonly limits: readonly { currencyId: string; maxPerPayout?: string | null; maxPer24h?: string | null }[];
}

/** A payout the policy is asked about. */
export interface PayoutRequest {
  readonly accountId: string;
  readonly currencyId: string;
  /** Base units. */
  readonly amount: bigint;
  readonly recipient: Address;
}

/** What the payouts context knows, read in the payout's transaction after the account's lock. */
export interface PayoutHistory {
  /** Base units of the account's payouts of the currency created in the 24 h before `now`, CANCELED and FAILED excluded. */
  last24hTotal(currencyId: string, now: Date): Promise<bigint>;
  /** Recipients (20-byte hex) of the account's payouts equal to or looking like `recipient`. */
  recipientsNear(recipient: Address): Promise<string[]>;
}

/** An account's payout policy: its settings, and the check every payout passes in its own transaction. */
@Injectable()
export class PayoutPolicyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payees: PayeesRepository,
    private readonly addressBook: AddressBookService,
    private readonly catalog: CatalogService,
    private readonly audit: AuditLog,
  ) {}

  async get(accountId: string): Promise<PayoutPolicyView> {
    return this.view((await this.payees.findPolicy(accountId)) ?? PayoutPolicy.DEFAULT);
  }

  async put(accountId: string, caller: Caller, input: PayoutPolicyInput): Promise<PayoutPolicyView> {
    const limits: CurrencyLimit[] = input.limits.map((limit, index) => {
      const currency = this.catalog.findCurrency(limit.currencyId);
      if (currency === undefined) {
        throw DomainError.field(
          `limits.${index}.currencyId`,
          `currency ${limit.currencyId} does not exist`,
          'CURRENCY_NOT_FOUND',
        );
      }
      const amount = (value: string | null | undefined, field: string) =>
        value === null || value === undefined
          ? null
          : Amount.parse(value, currency.decimals, `limits.${index}.${field}`).baseUnits;
      return {
        currencyId: currency.id,
        maxPerPayout: amount(limit.maxPerPayout, 'maxPerPayout'),
        maxPer24h: amount(limit.maxPer24h, 'maxPer24h'),
      };
    });
    const policy = PayoutPolicy.create({
      addressBookOnly: input.addressBookOnly,
      blockLookalikes: input.blockLookalikes,
      newPayeeDelayHours: input.newPayeeDelayHours,
      limits,
    });
    const view = this.view(policy);
    await this.dataSource.transaction(async (manager) => {
      await this.payees.lockAccountPayouts(manager, accountId);
      const before = await this.payees.findPolicy(accountId, manager);
      await this.payees.savePolicy(manager, accountId, policy);
      await this.audit.record(manager, {
        accountId,
        action: 'PAYOUT_POLICY_CHANGED',
        actor: auditActorOf(caller),
        target: { type: 'payout_policy', id: accountId },
        changes: { before: this.view(before ?? PayoutPolicy.DEFAULT), after: view },
      });
    });
    return view;
  }

  /**
   * Refuses a payout the account's policy forbids, inside the payout's transaction and before it
   * writes anything. The account's payouts are serialised first (a transaction lock), so what the
   * check counts (the last 24 h, the known payees) cannot change before the payout is inserted:
   * twenty concurrent payouts against a limit that fits five give five.
   */
  async checkPayout(manager: EntityManager, request: PayoutRequest, history: PayoutHistory): Promise<void> {
    await this.payees.lockAccountPayouts(manager, request.accountId);
    const policy = (await this.payees.findPolicy(request.accountId, manager)) ?? PayoutPolicy.DEFAULT;
    const entries = await this.addressBook.approvedNear(request.accountId, [request.recipient], manager);
    const now = new Date();
    const own = entries.find((entry) => entry.toProps().address.equals(request.recipient));
    const needsHistory = policy.props.blockLookalikes;
    const payoutRecipients = needsHistory ? await history.recipientsNear(request.recipient) : [];
    await policy.assertAllows({
      currencyId: request.currencyId,
      amount: request.amount,
      recipient: request.recipient,
      last24hTotal: () => history.last24hTotal(request.currencyId, now),
      recipientApprovedAt: own?.toProps().approvedAt ?? undefined,
      knownPayees: [...entries.map((entry) => entry.toProps().address.hex20), ...payoutRecipients],
      now,
    });
  }

  private view(policy: PayoutPolicy): PayoutPolicyView {
    const decimalsOf = (currencyId: string) => this.catalog.findCurrency(currencyId)?.decimals ?? 0;
    const whole = (value: bigint | null, currencyId: string) =>
      value === null ? null : Amount.fromBaseUnits(value, decimalsOf(currencyId)).toDecimalString();
    return {
      addressBookOnly: policy.props.addressBookOnly,
      blockLookalikes: policy.props.blockLookalikes,
      newPayeeDelayHours: policy.props.newPayeeDelayHours,
      limits: policy.props.limits.map((limit) => ({
        currencyId: limit.currencyId,
        maxPerPayout: whole(limit.maxPerPayout, limit.currencyId),
        maxPer24h: whole(limit.maxPer24h, limit.currencyId),
      })),
    };
  }
}
