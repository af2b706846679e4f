import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { Amount } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid, uuidv7 } from '../../../shared/domain/ids';
import { parseNonce } from '../../../shared/domain/nonce';
import type { Caller } from '../../auth/domain/caller';
import type { Deployment } from '../../deployments/domain/deployment';
import { QueueService } from '../../queue/application/queue.service';
import { Payout } from '../domain/payout';
import { payoutCalls } from '../domain/payout-calls';
import { PayoutFilter, PayoutListFilter, PayoutRepository } from '../domain/payout.repository';
import type { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import { CallbackUrlCheck } from '../../callbacks/application/callback-url-check';
import { auditActorOf } from '../../audit/application/audit-actor';
import { auditedUrl, changedFields } from '../../audit/application/audit-changes';
import { AuditLog } from '../../audit/application/audit-log';
import { PayoutPolicyService } from '../../payees/application/payout-policy.service';
import { PayoutCallbacks } from './payout-callbacks';

/** CreatePayoutDto after shape validation: values still as the client wrote them. */
export interface CreatePayoutInput {
  readonly deploymentId: string;
  readonly currencyId: string;
  readonly amount: string;
  readonly toAddress: string;
  readonly trackingId: string | null;
  readonly callbackUrl: string | null;
  readonly nonce?: string;
}

export interface PayoutReferencesInput {
  readonly trackingId?: string | null;
  readonly callbackUrl?: string | null;
}

const DAY_MS = 86_400_000;

const PAYOUT_NOT_FOUND = () => DomainError.notFound('PAYOUT_NOT_FOUND', 'Payout not found');

/** Payouts (endpoints 14-17, docs/contract.md, Payouts): one method per endpoint, each owning its transaction. */
@Injectable()
export class PayoutsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payouts: PayoutRepository,
    private readonly queue: QueueService,
    private readonly catalog: CatalogService,
    private readonly callbacks: PayoutCallbacks,
    private readonly callbackUrls: CallbackUrlCheck,
    private readonly audit: AuditLog,
    private readonly policy: PayoutPolicyService,
  ) {}

  /**
   * Creates the payout and its PAYOUT operation in one transaction: either both exist or neither.
   * The queue locks the deployment to choose (or check) the nonce; any rule broken after that (a
   * nonce below currentNonce) rolls the operation back with the payout.
   */
  async create(deployment: Deployment, caller: Caller, input: CreatePayoutInput): Promise<Payout> {
    if (input.deploymentId.toLowerCase() !== deployment.id.toLowerCase()) {
      throw DomainError.field(
        'deploymentId',
        'deploymentId must equal the deployment id in the path',
        'DEPLOYMENT_ID_MISMATCH',
      );
    }
    this.callbackUrls.assertAllowed(input.callbackUrl);
    const currency = this.catalog.requireCurrencyOnChain(input.currencyId, deployment.chainId, 'currencyId');
    const amount = Amount.parse(input.amount, currency.decimals, 'amount').baseUnits;
    const toAddress = Address.parse(input.toAddress, deployment.networkType, 'toAddress');
    const nonce = input.nonce === undefined ? undefined : parseNonce(input.nonce);
    const token =
      currency.address === null ? null : Address.parse(currency.address.display, deployment.networkType, 'currencyId');
    const id = uuidv7();
    return this.dataSource.transaction(async (manager) => {
      // The policy first, under the account's lock: a refusal writes nothing.
      await this.policy.checkPayout(
        manager,
        { accountId: deployment.accountId, currencyId: currency.id, amount, recipient: toAddress },
        {
          last24hTotal: (currencyId, now) =>
            this.payouts.totalSince(manager, deployment.accountId, currencyId, new Date(now.getTime() - DAY_MS)),
          recipientsNear: (recipient) =>
            this.payouts.recipientsNear(deployment.accountId, [recipient], new Date(), manager),
        },
      );
      const operation = await this.queue.createOperation(manager, {
        deployment,
        type: 'PAYOUT',
        calls: payoutCalls(toAddress, amount, token),
        payload: { payoutId: id },
        nonce,
        createdBy: { memberId: caller.memberId, address: caller.address },
      });
      const payout = Payout.create({
        id,
        deploymentId: deployment.id,
        currencyId: currency.id,
        amount,
        toAddress,
        trackingId: input.trackingId,
        callbackUrl: input.callbackUrl,
        queueOperationId: operation.id,
        nonce: operation.nonce,
        createdBy: caller.address,
        createdByMemberId: caller.memberId,
        createdAt: new Date(),
      });
      await this.payouts.within(manager).insert(payout);
      await this.callbacks.created(manager, payout);
      // One entry: the payout's PAYOUT operation is part of this change, not an OPERATION_CREATED of its own.
      await this.audit.record(manager, {
        accountId: deployment.accountId,
        action: 'PAYOUT_CREATED',
        actor: auditActorOf(caller),
        target: { type: 'payout', id: payout.id },
        changes: {
          deploymentId: deployment.id,
          operationId: operation.id,
          nonce: operation.nonce.toString(),
          currencyId: currency.id,
          amountBaseUnits: amount.toString(),
          toAddress: toAddress.display,
          ...auditedReferences(payout),
        },
      });
      return payout;
    });
  }

  /**
   * Recipients (20-byte hex) of the account's payouts created before `before` that equal or look
   * like one of `addresses`: known payees, for the operation review.
   */
  knownRecipientsNear(accountId: string, addresses: readonly Address[], before: Date): Promise<string[]> {
    return this.payouts.recipientsNear(accountId, addresses, before);
  }

  async list(
    deployment: Deployment,
    filter: Omit<PayoutListFilter, 'currencyIds'> & { currencyIds?: readonly string[] },
  ): Promise<{ total: number; items: Payout[] }> {
    return this.payouts.list(deployment.id, this.canonicalCurrencies(filter));
  }

  /** Every payout the list would show for `filter` (all its pages), at most `maxRows`, in batches. */
  export(
    deployment: Deployment,
    filter: Omit<PayoutFilter, 'currencyIds'> & { currencyIds?: readonly string[] },
    maxRows: number,
  ): AsyncIterable<Payout[]> {
    return this.payouts.export(deployment.id, this.canonicalCurrencies(filter), maxRows);
  }

  /** Canonical spelling, so a filter in any case matches; unknown ids match nothing. */
  private canonicalCurrencies<F extends { currencyIds?: readonly string[] }>(filter: F): F {
    return { ...filter, currencyIds: filter.currencyIds?.map((id) => this.catalog.findCurrency(id)?.id ?? id) };
  }

  async get(deployment: Deployment, payoutId: string): Promise<Payout> {
    const payout = isUuid(payoutId) ? await this.payouts.find(deployment.id, payoutId.toLowerCase()) : undefined;
    if (payout === undefined) throw PAYOUT_NOT_FOUND();
    return payout;
  }

  /** PATCH (17): trackingId / callbackUrl only; the row lock serialises concurrent edits with status changes. */
  async updateReferences(
    deployment: Deployment,
    caller: Caller,
    payoutId: string,
    changes: PayoutReferencesInput,
  ): Promise<Payout> {
    if (!isUuid(payoutId)) throw PAYOUT_NOT_FOUND();
    this.callbackUrls.assertAllowed(changes.callbackUrl);
    return this.dataSource.transaction(async (manager) => {
      const unit = this.payouts.within(manager);
      const payout = await unit.findForUpdate(deployment.id, payoutId.toLowerCase());
      if (payout === undefined) throw PAYOUT_NOT_FOUND();
      const before = auditedReferences(payout);
      payout.updateReferences(changes, new Date());
      await unit.save(payout);
      await this.audit.record(manager, {
        accountId: deployment.accountId,
        action: 'PAYOUT_UPDATED',
        actor: auditActorOf(caller),
        target: { type: 'payout', id: payout.id },
        changes: changedFields(before, auditedReferences(payout)),
      });
      return payout;
    });
  }

  /** The currency as the response shows it; the catalog never drops a currency a payout used. */
  currency(payout: Payout): Currency {
    const currency = this.catalog.findCurrency(payout.toProps().currencyId);
    if (currency === undefined) throw new Error(`payout ${payout.id} has a currency the catalog does not know`);
    return currency;
  }
}

/** What the audit log shows of a payout's references (docs/audit.md). */
function auditedReferences(payout: Payout): Record<string, unknown> {
  const props = payout.toProps();
  return { trackingId: props.trackingId, callbackUrl: auditedUrl(props.callbackUrl) };
}
