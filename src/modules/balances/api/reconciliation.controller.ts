import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Decimal } from '../../../shared/domain/decimal';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { AccountRoute, AccountScoped, CurrentAccount } from '../../deployments/api/access.guard';
import type { AccountRecord } from '../../deployments/domain/account';
import { differenceOf, matches, ReconciliationService } from '../application/reconciliation.service';
import { ReconciliationQueryDto, ReconciliationResponseDto } from './reconciliation.dto';

@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId')
export class ReconciliationController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @Get('reconciliation')
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getReconciliation_v1',
    summary: "The wallet's balances on chain against the service's ledger, at one final block",
    description:
      "Any member (right `read`). Reads the wallet contract's own balance (deposit accounts not included) of the native coin and of every catalog token of the network at the chain's head less the network's required confirmations, and the service's CONFIRMED ledger up to that same block. 400 INVALID_CHAIN for a chain the account cannot live on; 404 DEPLOYMENT_NOT_FOUND when the account has no wallet on the chain; 503 CHAIN_UNAVAILABLE when the service has no node for the chain (RPC_URL_<chainId>) or it does not answer. See docs/reconciliation.md.",
  })
  @ApiOkResponse({ type: ReconciliationResponseDto })
  @ApiResponse({
    status: 503,
    description: 'CHAIN_UNAVAILABLE: no node for the chain, or it did not answer (Retry-After)',
    type: ErrorResponseDto,
  })
  async getReconciliation(
    @CurrentAccount() account: AccountRecord,
    @Query() query: ReconciliationQueryDto,
  ): Promise<ReconciliationResponseDto> {
    const result = await this.reconciliation.reconcile(account, query.chainId);
    return {
      chainId: result.chainId,
      blockNumber: result.blockNumber.toString(),
      checkedAt: result.checkedAt.toISOString(),
      matches: matches(result),
      items: result.items.map((item) => ({
        currency: CurrencyResponseDto.from(item.currency),
        serviceBalance: Decimal.of(item.serviceBalance, item.currency.decimals).toString(),
        chainBalance: Decimal.of(item.chainBalance, item.currency.decimals).toString(),
        difference: differenceOf(item).toString(),
      })),
    };
  }
}
