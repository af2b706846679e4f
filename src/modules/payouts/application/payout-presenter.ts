import { Injectable } from '@nestjs/common';
import { Amount } from '../../../shared/domain/amount';
import type { Currency } from '../../catalog/catalog';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { Payout } from '../domain/payout';
import type { PayoutStatus } from '../domain/payout-status';

/** A payout as the merchant sees it, in responses and callbacks alike (`PayoutResponseDto` implements it). */
export interface PayoutWire {
  id: string;
  currencyId: string;
  amount: string;
  toAddress: string;
  isTron: boolean;
  deploymentId: string;
  trackingId: string | null;
  callbackUrl: string | null;
  queueOperationId: string;
  nonce: string;
  status: PayoutStatus;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  currency: CurrencyResponseDto;
}

/**
 * A payout's wire form: the amount in whole units of its currency, ISO dates. In application/
 * because a callback's `data` is that same form, built in the transaction that changed the payout;
 * the controller answers it as it is.
 */
@Injectable()
export class PayoutPresenter {
  present(payout: Payout, currency: Currency): PayoutWire {
    const p = payout.toProps();
    return {
      id: p.id,
      currencyId: p.currencyId,
      amount: Amount.fromBaseUnits(p.amount, currency.decimals).toDecimalString(),
      toAddress: p.toAddress.display,
      isTron: payout.isTron,
      deploymentId: p.deploymentId,
      trackingId: p.trackingId,
      callbackUrl: p.callbackUrl,
      queueOperationId: p.queueOperationId,
      nonce: p.nonce.toString(),
      status: p.status,
      createdBy: p.createdBy,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
      currency: CurrencyResponseDto.from(currency),
    };
  }
}
