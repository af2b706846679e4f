import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags, OmitType } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ApiCsvResponse, presentBatches, sendCsv } from '../../../shared/http/csv';
import { ExportRoute } from '../../../shared/http/export-slots';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { TransactionsService } from '../application/transactions.service';
import type { Deployment } from '../domain/deployment';
import { CurrentCaller, CurrentDeployment, DeploymentScoped, Requires } from './access.guard';
import { GetTransactionsQueryDto } from './get-transactions-query.dto';
import { TRANSACTION_CSV_COLUMNS } from './transaction-csv';
import { TransactionPresenter } from './transaction-presenter';

/** The list's filters and sort; the export has no pages. */
export class ExportTransactionsQueryDto extends OmitType(GetTransactionsQueryDto, ['page', 'pageSize'] as const) {}

/**
 * The transactions export. A controller of its own because a non-member gets 404 here, as on every
 * deployment endpoint but the transactions list and details; it is registered before
 * `TransactionsController`, so `export` is never read as a `:transactionId`.
 */
@ApiTags('Transactions')
@DeploymentScoped('not_found')
@Controller('api/v1/deployments/:deploymentId/transactions/export')
export class TransactionsExportController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly presenter: TransactionPresenter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Requires('read')
  @ApiOperation({
    operationId: 'TransactionsController_exportTransactions_v1',
    summary: "Every transaction the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)",
  })
  @ApiCsvResponse('The transactions, in the sort asked for', TRANSACTION_CSV_COLUMNS)
  @ApiResponse({ status: 400, description: 'Invalid parameters', type: ErrorResponseDto })
  @ExportRoute()
  async exportTransactions(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Query() query: ExportTransactionsQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const records = await this.transactions.exportTransactions(deployment, caller, query, this.config.exportMaxRows);
    await sendCsv(
      res,
      `transactions-${deployment.id}.csv`,
      TRANSACTION_CSV_COLUMNS,
      this.config.exportMinBytesPerSecond,
      presentBatches(records, (record) => this.presenter.presentExportRow(record)),
    );
  }
}
