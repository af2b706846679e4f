import { Injectable } from '@nestjs/common';
import { Caller } from '../../auth/domain/caller';
import { CatalogLookup, CatalogCurrency } from '../../billing/infrastructure/catalog-lookup';
import { Deployment } from '../../deployments/domain/deployment';
import { ClaimRow, ClaimsFilter, ClaimsQueries } from '../infrastructure/claims.queries';

export interface ClaimsListInput extends Omit<ClaimsFilter, 'flagCurrencyIds' | 'hidden'> {
  readonly currencyIsScam?: boolean;
  readonly currencyIsVerified?: boolean;
  readonly currencyIsHidden?: boolean;
}

export interface ClaimView {
  readonly row: ClaimRow;
  readonly currency: CatalogCurrency | undefined;
}

/** Claims (endpoints 18-19): what a deployment can still collect from its invoice deposit accounts. */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly queries: ClaimsQueries,
    private readonly catalog: CatalogLookup,
  ) {}

  async list(
    deployment: Deployment,
    caller: Caller,
    input: ClaimsListInput,
  ): Promise<{ total: number; items: ClaimView[] }> {
    const { currencyIsScam, currencyIsVerified, currencyIsHidden, ...rest } = input;
    const flagged =
      currencyIsScam === undefined && currencyIsVerified === undefined
        ? undefined
        : this.catalog.currencyIdsWhere(
            (currency) =>
              (currencyIsScam === undefined || currency.isScam === currencyIsScam) &&
              (currencyIsVerified === undefined || currency.isVerified === currencyIsVerified),
          );
    const { total, rows } = await this.queries.list(deployment.id, {
      ...rest,
      currencyIds: rest.currencyIds?.map((id) => this.catalog.currency(id)?.id ?? id),
      flagCurrencyIds: flagged,
      // SPEC §2: the hidden-currency filter is the member's own list, for JWT callers only.
      hidden:
        currencyIsHidden !== undefined && caller.kind === 'jwt'
          ? { memberId: caller.memberId, value: currencyIsHidden }
          : undefined,
    });
    return { total, items: rows.map((row) => ({ row, currency: this.catalog.currency(row.currency_id) })) };
  }

  async claimableCurrencies(deployment: Deployment): Promise<CatalogCurrency[]> {
    const ids = await this.queries.claimableCurrencyIds(deployment.id);
    return ids
      .flatMap((id) => this.catalog.currency(id) ?? [])
      .sort((a, b) => (a.symbol === b.symbol ? a.id.localeCompare(b.id) : a.symbol < b.symbol ? -1 : 1));
  }
}
