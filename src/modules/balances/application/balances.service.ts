import { Injectable } from '@nestjs/common';
import type { BaseCurrency } from '../../../config/app-config';
import { MembersService } from '../../auth/application/members.service';
import type { Caller } from '../../auth/domain/caller';
import { Currency } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import { AccountsService } from '../../deployments/application/accounts.service';
import type { AccountRecord } from '../../deployments/domain/account';
import { Decimal } from '../../../shared/domain/decimal';
import { fiatValue } from '../../../shared/domain/fiat';
import { RatesProvider } from '../domain/rates-provider';
import { BalanceLedger, LedgerBalanceRow } from '../domain/balance-ledger';

export interface AssetFilter {
  readonly currencyIds?: readonly string[];
  readonly isScam?: boolean;
  readonly isVerified?: boolean;
  /** JWT callers only; ignored for API keys. */
  readonly isHidden?: boolean;
}

export interface AssetBalance {
  readonly currency: Currency;
  readonly balance: Decimal;
  /** Null when no rate is known (or no base currency was asked for). */
  readonly converted: Decimal | null;
  /** Set for JWT callers only. */
  readonly isHidden?: boolean;
}

export interface BalanceSummary {
  readonly totalBalance: Decimal;
  readonly uncollectedBalance: Decimal;
  readonly uncollectedInvoices: number;
  readonly allRatesReceived: boolean;
}

/**
 * Balances of an account on one chain, per currency, from the transactions ledger (docs/contract.md, Accounts and networks;
 * what counts is documented on `BalanceLedger`). Only currencies with a non-zero balance are
 * listed. Converted values are exact: base units × rate, in bigint.
 */
@Injectable()
export class BalancesService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly queries: BalanceLedger,
    private readonly catalog: CatalogService,
    private readonly members: MembersService,
    private readonly rates: RatesProvider,
  ) {}

  async assets(
    account: AccountRecord,
    caller: Caller,
    chainId: string,
    filter: AssetFilter,
    base: BaseCurrency | undefined,
  ): Promise<AssetBalance[]> {
    const ledger = await this.ledger(account, chainId);
    const hidden = caller.kind === 'jwt' ? new Set(await this.members.hiddenCurrencies(caller.memberId)) : undefined;
    const wanted = filter.currencyIds?.map((id) => this.catalog.findCurrency(id)?.id ?? id);
    const entries = ledger.flatMap((row) => {
      const currency = this.catalog.findCurrency(row.currencyId);
      if (currency === undefined || row.balance === 0n) return [];
      if (wanted !== undefined && !wanted.includes(currency.id)) return [];
      if (filter.isScam !== undefined && currency.isScam !== filter.isScam) return [];
      if (filter.isVerified !== undefined && currency.isVerified !== filter.isVerified) return [];
      const isHidden = hidden?.has(currency.id);
      if (hidden !== undefined && filter.isHidden !== undefined && isHidden !== filter.isHidden) return [];
      return [{ currency, row, isHidden }];
    });
    const rates =
      base === undefined
        ? new Map<string, string>()
        : await this.rates.ratesFor(
            entries.map((e) => e.currency),
            base,
          );
    return entries.map(({ currency, row, isHidden }) => {
      const balance = Decimal.of(row.balance, currency.decimals);
      const rate = rates.get(currency.id);
      return {
        currency,
        balance,
        converted: base === undefined ? null : fiatValue(row.balance, currency.decimals, rate),
        ...(isHidden === undefined ? {} : { isHidden }),
      };
    });
  }

  /**
   * Totals in `base` over the currencies the caller sees: scam tokens never count, nor (for JWT
   * callers) their hidden currencies. A currency with a balance and no rate adds nothing and makes
   * `allRatesReceived` false.
   */
  async summary(account: AccountRecord, caller: Caller, chainId: string, base: BaseCurrency): Promise<BalanceSummary> {
    const ledger = await this.ledger(account, chainId);
    const hidden = caller.kind === 'jwt' ? new Set(await this.members.hiddenCurrencies(caller.memberId)) : new Set();
    const counted = ledger.flatMap((row) => {
      const currency = this.catalog.findCurrency(row.currencyId);
      return currency === undefined || currency.isScam || hidden.has(currency.id) ? [] : [{ currency, row }];
    });
    const [rates, uncollectedInvoices] = await Promise.all([
      this.rates.ratesFor(
        counted.map((entry) => entry.currency),
        base,
      ),
      counted.length === 0
        ? 0
        : this.queries.uncollectedInvoices(
            account.id,
            chainId,
            counted.map((entry) => entry.row.currencyId),
          ),
    ]);
    let total = Decimal.ZERO;
    let uncollected = Decimal.ZERO;
    let allRatesReceived = true;
    for (const { currency, row } of counted) {
      if (row.balance === 0n && row.uncollected === 0n) continue;
      const rate = rates.get(currency.id);
      const balance = fiatValue(row.balance, currency.decimals, rate);
      const owed = fiatValue(row.uncollected, currency.decimals, rate);
      if (balance === null || owed === null) {
        allRatesReceived = false;
        continue;
      }
      total = total.plus(balance);
      uncollected = uncollected.plus(owed);
    }
    return { totalBalance: total, uncollectedBalance: uncollected, uncollectedInvoices, allRatesReceived };
  }

  private async ledger(account: AccountRecord, chainId: string): Promise<LedgerBalanceRow[]> {
    this.accounts.checkChain(account, chainId);
    return this.queries.ledger(account.id, chainId);
  }
}
