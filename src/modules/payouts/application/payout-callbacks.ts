import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CallbackOutbox } from '../../callbacks/application/callback-outbox';
import type { CallbackEventType } from '../../callbacks/domain/callback-event';
import { CatalogService } from '../../catalog/catalog.service';
import type { Payout } from '../domain/payout';
import type { PayoutStatus } from '../domain/payout-status';
import { PayoutPresenter } from './payout-presenter';

/** SIGNED → CREATED (signatures reset by a nonce change) has no event of its own (docs/contract.md, Merchants) */
const EVENT_BY_STATUS: Partial<Record<PayoutStatus, CallbackEventType>> = {
  SIGNED: 'PAYOUT_SIGNED',
  SENT: 'PAYOUT_SENT',
  EXECUTED: 'PAYOUT_EXECUTED',
  FAILED: 'PAYOUT_FAILED',
  CANCELED: 'PAYOUT_CANCELED',
};

/**
 * Tells a payout's merchant what happened to it (docs/contract.md, Merchants), inside the transaction that made the
 * change, with the payout as the API shows it as `data`.
 */
@Injectable()
export class PayoutCallbacks {
  constructor(
    private readonly outbox: CallbackOutbox,
    private readonly catalog: CatalogService,
    private readonly presenter: PayoutPresenter,
  ) {}

  async created(manager: EntityManager, payout: Payout): Promise<void> {
    await this.announce(manager, payout, 'PAYOUT_CREATED');
  }

  async statusChanged(manager: EntityManager, payout: Payout, before: PayoutStatus): Promise<void> {
    const type = EVENT_BY_STATUS[payout.status];
    if (payout.status !== before && type !== undefined) await this.announce(manager, payout, type);
  }

  private async announce(manager: EntityManager, payout: Payout, type: CallbackEventType): Promise<void> {
    const p = payout.toProps();
    if (p.callbackUrl === null) return;
    const currency = this.catalog.findCurrency(p.currencyId);
    if (currency === undefined) throw new Error(`payout ${p.id} has a currency the catalog does not know`);
    await this.outbox.enqueue(manager, {
      deploymentId: p.deploymentId,
      url: p.callbackUrl,
      type,
      operationId: p.id,
      operationType: 'payout',
      data: this.presenter.present(payout, currency),
    });
  }
}
