import { Injectable } from '@nestjs/common';
import { Amount } from '../../../shared/domain/amount';
import type { Currency } from '../../catalog/catalog';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { ClaimView } from '../application/claims.service';
import { ClaimItemDto, ClaimsResponseDto } from './claims-response.dto';

/** Maps claims to `ClaimsResponseDto` / `CurrencyResponseDto`: amounts to decimal strings, dates to ISO. */
@Injectable()
export class ClaimPresenter {
  presentPage(page: { total: number; page: number; pageSize: number; items: readonly ClaimView[] }): ClaimsResponseDto {
    return {
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      // Deposits in a currency unknown to the catalog cannot be shown with a currency; they are counted in total only.
      items: page.items.flatMap(({ claimable, currency }) =>
        currency === undefined ? [] : [this.presentItem(claimable, currency)],
      ),
    };
  }

  presentCurrencies(currencies: readonly Currency[]): CurrencyResponseDto[] {
    return currencies.map(CurrencyResponseDto.from);
  }

  private presentItem(claimable: ClaimView['claimable'], currency: Currency): ClaimItemDto {
    return {
      invoiceId: claimable.invoiceId,
      // The deposit id as bytes32 without 0x (docs/contract.md, Wire details): the SDK claims with `0x` + it.
      invoiceNonce: BigInt(claimable.invoiceNonce).toString(16).padStart(64, '0'),
      createdAt: claimable.firstAt.toISOString(),
      updatedAt: claimable.lastAt.toISOString(),
      currency: CurrencyResponseDto.from(currency),
      amount: Amount.fromBaseUnits(claimable.amount, currency.decimals).toDecimalString(),
      transactions: claimable.transactions,
    };
  }
}
