import { Injectable } from '@nestjs/common';
import type { Caller } from '../../auth/domain/caller';
import type { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import type { Deployment } from '../../deployments/domain/deployment';
import { ClaimableDeposits, ClaimRepository, ClaimsFilter } from '../domain/claim.repository';

export interface ClaimsListInput extends Omit<ClaimsFilter, 'flagCurrencyIds' | 'hidden'> {
  readonly currencyIsScam?: boolean;
  readonly currencyIsVerified?: boolean;
  readonly currencyIsHidden?: boolean;
}

export interface ClaimView {
  readonly claimable: ClaimableDeposits;
  readonly currency: Currency | undefined;
}

/** Claims (endpoints 18-19): what a deployment can still collect from its invoice deposit accounts. */
@Injectable()
export class ClaimsService {
  constructor(
    private readonly claims: ClaimRepository,
    private readonly catalog: CatalogService,
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
        : this.catalog
            .listCurrencies(
              { isScam: currencyIsScam, isVerified: currencyIsVerified },
              { by: 'createdAt', order: 'asc' },
            )
            .map((currency) => currency.id);
    const { total, items } = await this.claims.list(deployment.id, {
      ...rest,
      currencyIds: rest.currencyIds?.map((id) => this.catalog.findCurrency(id)?.id ?? id),
      flagCurrencyIds: flagged,
      // docs/authentication.md: the hidden-currency filter is the member's own list, for JWT callers only.
      hidden:
        currencyIsHidden !== undefined && caller.kind === 'jwt'
          ? { memberId: caller.memberId, value: currencyIsHidden }
          : undefined,
    });
    return {
      total,
      items: items.map((claimable) => ({ claimable, currency: this.catalog.findCurrency(claimable.currencyId) })),
    };
  }

  async claimableCurrencies(deployment: Deployment): Promise<Currency[]> {
    const ids = await this.claims.claimableCurrencyIds(deployment.id);
    return ids
      .flatMap((id) => this.catalog.findCurrency(id) ?? [])
      .sort((a, b) => (a.symbol === b.symbol ? a.id.localeCompare(b.id) : a.symbol < b.symbol ? -1 : 1));
  }
}
