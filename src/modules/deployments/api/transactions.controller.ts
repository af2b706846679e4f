import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { TransactionsService } from '../application/transactions.service';
import type { Deployment } from '../domain/deployment';
import { CurrentCaller, CurrentDeployment, DeploymentScoped, Requires } from './access.guard';
import { GetTransactionsQueryDto } from './get-transactions-query.dto';
import { TransactionPresenter } from './transaction-presenter';
import { TransactionDetailsDto, TransactionListResponseDto } from './transaction-response.dto';

@ApiTags('Transactions')
@DeploymentScoped('forbidden')
@Controller('api/v1/deployments/:deploymentId/transactions')
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly presenter: TransactionPresenter,
  ) {}

  @Get()
  @Requires('read')
  @ApiOperation({
    operationId: 'TransactionsController_getTransactions_v1',
    summary: "List the deployment's transactions",
  })
  @ApiOkResponse({ type: TransactionListResponseDto })
  @ApiResponse({ status: 400, description: 'Invalid parameters', type: ErrorResponseDto })
  async getTransactions(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Query() query: GetTransactionsQueryDto,
  ): Promise<TransactionListResponseDto> {
    const { page, pageSize, offset } = pageRequest(query);
    const { total, items } = await this.transactions.getTransactions(deployment, caller, {
      ...query,
      limit: pageSize,
      offset,
    });
    return this.presenter.presentPage({ total, page, pageSize, items });
  }

  @Get(':transactionId')
  @Requires('read')
  @ApiOperation({
    operationId: 'TransactionsController_getTransactionDetails_v1',
    summary: 'One transaction of the deployment',
  })
  @ApiParam({ name: 'transactionId', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ type: TransactionDetailsDto })
  @ApiResponse({ status: 400, description: 'Malformed transaction id', type: ErrorResponseDto })
  @ApiResponse({ status: 404, description: 'Transaction not found in this deployment', type: ErrorResponseDto })
  async getTransactionDetails(
    @CurrentDeployment() deployment: Deployment,
    @Param('transactionId') transactionId: string,
  ): Promise<TransactionDetailsDto> {
    return this.presenter.presentDetails(await this.transactions.getTransactionDetails(deployment, transactionId));
  }
}
