import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ApiCsvResponse, presentBatches, sendCsv } from '../../../shared/http/csv';
import { ExportRoute } from '../../../shared/http/export-slots';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { lowerTimestampBound, upperTimestampBound } from '../../../shared/domain/timestamp-bounds';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { CurrentCaller, CurrentDeployment, DeploymentScoped, Requires } from '../../deployments/api/access.guard';
import type { Deployment } from '../../deployments/domain/deployment';
import { PayoutsService } from '../application/payouts.service';
import { Payout } from '../domain/payout';
import { CreatePayoutDto } from './create-payout.dto';
import { PAYOUT_CSV_COLUMNS } from './payout-csv';
import { PayoutPresenter } from '../application/payout-presenter';
import { PayoutDetailResponseDto, PayoutListResponseDto, PayoutResponseDto } from './payout-response.dto';
import { ExportPayoutsQueryDto, PayoutsQueryDto } from './payouts-query.dto';
import { UpdatePayoutDto } from './update-payout.dto';

const BAD_REQUEST = (description: string) => ApiResponse({ status: 400, description, type: ErrorResponseDto });
const PAYOUT_ID = ApiParam({
  name: 'payoutId',
  description: 'Payout UUID',
  schema: { type: 'string', format: 'uuid' },
});

/** Endpoints 14-17 (docs/contract.md, Payouts): parse, authorize (the guard), one service call, the DTO. */
@ApiTags('Payouts')
@DeploymentScoped('not_found')
@Controller('api/v1/deployments/:deploymentId/payouts')
export class PayoutsController {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly presenter: PayoutPresenter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Requires('payouts:write')
  @ApiOperation({
    operationId: 'PayoutsController_create_v1',
    summary: 'Create a payout and its PAYOUT queue operation',
  })
  @ApiBody({ type: CreatePayoutDto, required: true })
  @ApiResponse({ status: 201, type: PayoutResponseDto })
  @BAD_REQUEST('Invalid input: deploymentId, currency, amount, address, trackingId, callbackUrl or nonce')
  async create(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Body() body: CreatePayoutDto,
  ): Promise<PayoutResponseDto> {
    const payout = await this.payouts.create(deployment, caller, {
      deploymentId: body.deploymentId,
      currencyId: body.currencyId,
      amount: body.amount,
      toAddress: body.toAddress,
      trackingId: body.trackingId ?? null,
      callbackUrl: body.callbackUrl ?? null,
      nonce: body.nonce ?? undefined,
    });
    return this.present(payout);
  }

  @Get()
  @Requires('read')
  @ApiOperation({ operationId: 'PayoutsController_findAll_v1', summary: 'List payouts' })
  @ApiResponse({ status: 200, type: PayoutListResponseDto })
  @BAD_REQUEST('Invalid query parameter or deployment id')
  async findAll(
    @CurrentDeployment() deployment: Deployment,
    @Query() query: PayoutsQueryDto,
  ): Promise<PayoutListResponseDto> {
    const page = pageRequest(query);
    const { total, items } = await this.payouts.list(deployment, {
      ...this.filterOf(query),
      limit: page.pageSize,
      offset: page.offset,
    });
    return { total, page: page.page, pageSize: page.pageSize, items: items.map((payout) => this.present(payout)) };
  }

  // Before `:payoutId`, so `export` is never read as a payout id.
  @Get('export')
  @Requires('read')
  @ApiOperation({
    operationId: 'PayoutsController_exportPayouts_v1',
    summary: "Every payout the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)",
  })
  @ApiCsvResponse('The payouts, in the sort asked for', PAYOUT_CSV_COLUMNS)
  @BAD_REQUEST('Invalid query parameter or deployment id')
  @ExportRoute()
  async exportPayouts(
    @CurrentDeployment() deployment: Deployment,
    @Query() query: ExportPayoutsQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const payouts = this.payouts.export(deployment, this.filterOf(query), this.config.exportMaxRows);
    await sendCsv(
      res,
      `payouts-${deployment.id}.csv`,
      PAYOUT_CSV_COLUMNS,
      this.config.exportMinBytesPerSecond,
      presentBatches(payouts, (payout) => this.present(payout)),
    );
  }

  @Get(':payoutId')
  @PAYOUT_ID
  @Requires('read')
  @ApiOperation({ operationId: 'PayoutsController_findOne_v1', summary: 'Payout details' })
  @ApiResponse({ status: 200, type: PayoutDetailResponseDto })
  @BAD_REQUEST('Malformed deployment id')
  async findOne(
    @CurrentDeployment() deployment: Deployment,
    @Param('payoutId') payoutId: string,
  ): Promise<PayoutDetailResponseDto> {
    return this.present(await this.payouts.get(deployment, payoutId));
  }

  @Patch(':payoutId')
  @PAYOUT_ID
  @Requires('payouts:write')
  @ApiOperation({ operationId: 'PayoutsController_update_v1', summary: "Change a payout's trackingId or callbackUrl" })
  @ApiBody({ type: UpdatePayoutDto, required: true })
  @ApiResponse({ status: 200, type: PayoutResponseDto })
  @BAD_REQUEST('Invalid input, or no field to change')
  async update(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('payoutId') payoutId: string,
    @Body() body: UpdatePayoutDto,
  ): Promise<PayoutResponseDto> {
    return this.present(
      await this.payouts.updateReferences(deployment, caller, payoutId, {
        trackingId: body.trackingId,
        callbackUrl: body.callbackUrl,
      }),
    );
  }

  /** The list's filters and sort from its query (the export's query is the same without paging). */
  private filterOf(query: ExportPayoutsQueryDto) {
    return {
      idContains: query.id,
      trackingIdContains: query.trackingId,
      createdByContains: query.createdBy,
      toAddressContains: query.toAddress,
      createdFrom: lowerTimestampBound(query.createdFrom),
      createdTo: upperTimestampBound(query.createdTo),
      updatedFrom: lowerTimestampBound(query.updatedFrom),
      updatedTo: upperTimestampBound(query.updatedTo),
      currencyIds: query.currencyIds?.length ? query.currencyIds : undefined,
      statuses: query.statuses?.length ? query.statuses : undefined,
      sortBy: query.sortBy ?? 'createdAt',
      sortOrder: query.sortOrder ?? 'desc',
    } as const;
  }

  private present(payout: Payout): PayoutResponseDto {
    return this.presenter.present(payout, this.payouts.currency(payout));
  }
}
