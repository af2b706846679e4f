import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { TransactionsService } from '../application/transactions.service';
import type { Deployment } from '../domain/deployment';
import { CurrentCaller, CurrentDeployment, DeploymentScoped } from './deployment-access.guard';
import { GetTransactionsQueryDto } from './get-transactions-query.dto';
import { TransactionDetailsDto, TransactionListResponseDto } from './transaction-response.dto';

@ApiTags('Transactions')
@DeploymentScoped('forbidden')
@Controller('api/v1/deployments/:deploymentId/transactions')
export class TransactionsController {
  constructor(private readonly transactions: TransactionsService) {}

  @Get()
  @ApiOperation({
    operationId: 'TransactionsController_getTransactions_v1',
    summary: "List the deployment's transactions",
  })
  @ApiOkResponse({ type: TransactionListResponseDto })
  @ApiResponse({ status: 400, description: 'Invalid parameters', type: ErrorResponseDto })
  getTransactions(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Query() query: GetTransactionsQueryDto,
  ): Promise<TransactionListResponseDto> {
    return this.transactions.getTransactions(deployment, caller, query);
  }

  @Get(':transactionId')
  @ApiOperation({
    operationId: 'TransactionsController_getTransactionDetails_v1',
    summary: 'One transaction of the deployment',
  })
  @ApiParam({ name: 'transactionId', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ type: TransactionDetailsDto })
  @ApiResponse({ status: 400, description: 'Malformed transaction id', type: ErrorResponseDto })
  @ApiResponse({ status: 404, description: 'Transaction not found in this deployment', type: ErrorResponseDto })
  getTransactionDetails(
    @CurrentDeployment() deployment: Deployment,
    @Param('transactionId') transactionId: string,
  ): Promise<TransactionDetailsDto> {
    return this.transactions.getTransactionDetails(deployment, transactionId);
  }
}
