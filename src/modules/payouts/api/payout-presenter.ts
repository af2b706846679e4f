import { Injectable } from '@nestjs/common';
import { Amount } from '../../../shared/domain/amount';
import type { Currency } from '../../catalog/catalog';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { Payout } from '../domain/payout';
import { PayoutResponseDto } from './payout-response.dto';

/** Maps a payout to `PayoutResponseDto`: the amount in whole units of its currency, ISO dates. */
@Injectable()
export class PayoutPresenter {
  present(payout: Payout, currency: Currency): PayoutResponseDto {
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
