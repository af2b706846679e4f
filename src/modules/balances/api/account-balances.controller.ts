import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { AccountRoute, AccountScoped, CurrentAccount } from '../../deployments/api/access.guard';
import { CurrentCaller } from '../../deployments/api/access.guard';
import type { AccountRecord } from '../../deployments/domain/account';
import { AssetBalance, BalancesService } from '../application/balances.service';
import { Decimal } from '../../../shared/domain/decimal';
import {
  AssetBalanceDto,
  AssetBalanceShortResponseDto,
  AssetBalancesQueryDto,
  AssetBalancesResponseDto,
  BalanceSummaryQueryDto,
  BalanceSummaryResponseDto,
  ShortAssetBalancesQueryDto,
} from './balances.dto';

@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId')
export class AccountBalancesController {
  constructor(private readonly balances: BalancesService) {}

  @Get('balance/assets')
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getAssetBalances_v1',
    summary: 'Balance per currency on one chain, converted to a fiat base currency',
  })
  @ApiOkResponse({ type: AssetBalancesResponseDto })
  async getAssetBalances(
    @CurrentAccount() account: AccountRecord,
    @CurrentCaller() caller: Caller,
    @Query() query: AssetBalancesQueryDto,
  ): Promise<AssetBalancesResponseDto> {
    const all = await this.balances.assets(account, caller, query.chainId, query, query.baseCurrency);
    const direction = query.sortOrder === 'asc' ? 1 : -1;
    const byConverted = query.sortBy === 'converted_balance';
    all.sort((a, b) => {
      if (byConverted && (a.converted === null) !== (b.converted === null)) return a.converted === null ? 1 : -1;
      const primary =
        byConverted && a.converted !== null && b.converted !== null
          ? a.converted.compare(b.converted)
          : a.balance.compare(b.balance);
      return primary !== 0 ? primary * direction : (a.currency.id < b.currency.id ? -1 : 1) * direction;
    });
    const page = pageRequest(query);
    const offset = BigInt(page.offset);
    const items = offset >= BigInt(all.length) ? [] : all.slice(Number(offset), Number(offset) + page.pageSize);
    return { total: all.length, page: page.page, pageSize: page.pageSize, items: items.map(toAssetBalanceDto) };
  }

  @Get('balances')
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getShortAssetBalances_v1',
    summary: 'Balance per currency on one chain, without conversion',
  })
  @ApiOkResponse({ type: [AssetBalanceShortResponseDto] })
  async getShortAssetBalances(
    @CurrentAccount() account: AccountRecord,
    @CurrentCaller() caller: Caller,
    @Query() query: ShortAssetBalancesQueryDto,
  ): Promise<AssetBalanceShortResponseDto[]> {
    const all = await this.balances.assets(account, caller, query.chainId, query, undefined);
    return all
      .sort((a, b) => (a.currency.id < b.currency.id ? -1 : a.currency.id > b.currency.id ? 1 : 0))
      .map((asset) => ({
        currency: CurrencyResponseDto.from(asset.currency),
        balance: asset.balance.toString(),
        ...(asset.isHidden === undefined ? {} : { isHidden: asset.isHidden }),
      }));
  }

  @Get('balance/summary')
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getBalanceSummary_v1',
    summary: 'Total and uncollected balance on one chain in a fiat base currency',
  })
  @ApiOkResponse({ type: BalanceSummaryResponseDto })
  async getBalanceSummary(
    @CurrentAccount() account: AccountRecord,
    @CurrentCaller() caller: Caller,
    @Query() query: BalanceSummaryQueryDto,
  ): Promise<BalanceSummaryResponseDto> {
    const summary = await this.balances.summary(account, caller, query.chainId, query.baseCurrency);
    return {
      totalBalance: summary.totalBalance.toString(),
      uncollectedBalance: summary.uncollectedBalance.toString(),
      uncollectedInvoices: summary.uncollectedInvoices,
      allRatesReceived: summary.allRatesReceived,
    };
  }
}

function toAssetBalanceDto(asset: AssetBalance): AssetBalanceDto {
  return {
    currency: CurrencyResponseDto.from(asset.currency),
    balance: asset.balance.toString(),
    convertedBalance: asset.converted === null ? null : (asset.converted as Decimal).toString(),
    ...(asset.isHidden === undefined ? {} : { isHidden: asset.isHidden }),
  };
}
