import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
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
import { InvoicesService } from '../application/invoices.service';
import { CreateInvoiceDto } from './create-invoice.dto';
import { INVOICE_CSV_COLUMNS } from './invoice-csv';
import { InvoicePresenter } from '../application/invoice-presenter';
import { InvoiceDetailsDto, InvoiceResponseDto, InvoicesResponseDto } from './invoice-response.dto';
import { ExportInvoicesQueryDto, InvoicesQueryDto } from './invoices-query.dto';
import { UpdateInvoiceDto } from './update-invoice.dto';

const BAD_REQUEST = { status: 400, description: 'Invalid input', type: ErrorResponseDto } as const;
const INVOICE_ID = ApiParam({ name: 'invoiceId', schema: { type: 'string', format: 'uuid' } });

@ApiTags('Invoices')
@DeploymentScoped('not_found')
@Controller('api/v1/deployments/:deploymentId/invoices')
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly presenter: InvoicePresenter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Requires('read')
  @ApiOperation({ operationId: 'InvoicesController_findInvoicesByDeployment_v1', summary: 'List invoices' })
  @ApiResponse({ status: 200, type: InvoicesResponseDto })
  @ApiResponse(BAD_REQUEST)
  async findInvoicesByDeployment(
    @CurrentDeployment() deployment: Deployment,
    @Query() query: InvoicesQueryDto,
  ): Promise<InvoicesResponseDto> {
    const page = pageRequest(query);
    const { total, items } = await this.invoices.list(deployment, {
      ...this.filterOf(query),
      limit: page.pageSize,
      offset: page.offset,
    });
    return {
      total,
      page: page.page,
      pageSize: page.pageSize,
      items: items.map((view) => this.presenter.present(view)),
    };
  }

  // Before `:invoiceId`, so `export` is never read as an invoice id.
  @Get('export')
  @Requires('read')
  @ApiOperation({
    operationId: 'InvoicesController_exportInvoices_v1',
    summary: "Every invoice the list's filters select, as CSV (at most EXPORT_MAX_ROWS rows)",
  })
  @ApiCsvResponse('The invoices, in the sort asked for', INVOICE_CSV_COLUMNS)
  @ApiResponse(BAD_REQUEST)
  @ExportRoute()
  async exportInvoices(
    @CurrentDeployment() deployment: Deployment,
    @Query() query: ExportInvoicesQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const views = this.invoices.export(deployment, this.filterOf(query), this.config.exportMaxRows);
    await sendCsv(
      res,
      `invoices-${deployment.id}.csv`,
      INVOICE_CSV_COLUMNS,
      this.config.exportMinBytesPerSecond,
      presentBatches(views, (view) => this.presenter.present(view)),
    );
  }

  @Post()
  @HttpCode(201)
  @Requires('invoices:write')
  @ApiOperation({
    operationId: 'InvoicesController_createInvoice_v1',
    summary: 'Create an invoice with its deposit address',
  })
  @ApiBody({ type: CreateInvoiceDto, required: true })
  @ApiResponse({ status: 201, type: InvoiceResponseDto })
  @ApiResponse(BAD_REQUEST)
  @ApiResponse({ status: 409, description: 'Tracking id or deposit address already used', type: ErrorResponseDto })
  @ApiResponse({ status: 503, description: 'Service temporarily unavailable, retry later', type: ErrorResponseDto })
  async createInvoice(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Body() body: CreateInvoiceDto,
  ): Promise<InvoiceResponseDto> {
    const view = await this.invoices.create(deployment, caller, {
      requestedAmount: body.requestedAmount,
      trackingId: body.trackingId ?? null,
      callbackUrl: body.callbackUrl ?? null,
      paymentPageButtonUrl: body.paymentPageButtonUrl,
      paymentPageButtonText: body.paymentPageButtonText,
      currencyIds: body.currencyIds,
    });
    return this.presenter.present(view);
  }

  @Get(':invoiceId')
  @INVOICE_ID
  @Requires('read')
  @ApiOperation({ operationId: 'InvoicesController_findInvoiceById_v1', summary: 'Invoice details' })
  @ApiResponse({ status: 200, type: InvoiceDetailsDto })
  async findInvoiceById(
    @CurrentDeployment() deployment: Deployment,
    @Param('invoiceId') invoiceId: string,
  ): Promise<InvoiceDetailsDto> {
    return { invoice: this.presenter.present(await this.invoices.get(deployment, invoiceId)) };
  }

  @Put(':invoiceId')
  @INVOICE_ID
  @Requires('invoices:write')
  @ApiOperation({ operationId: 'InvoicesController_updateInvoice_v1', summary: 'Change an invoice, or mark it PAID' })
  @ApiBody({ type: UpdateInvoiceDto, required: true })
  @ApiResponse({ status: 200, type: InvoiceResponseDto })
  @ApiResponse(BAD_REQUEST)
  @ApiResponse({ status: 409, description: 'Tracking id already used', type: ErrorResponseDto })
  async updateInvoice(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('invoiceId') invoiceId: string,
    @Body() body: UpdateInvoiceDto,
  ): Promise<InvoiceResponseDto> {
    const view = await this.invoices.update(deployment, caller, invoiceId, {
      requestedAmount: body.requestedAmount,
      trackingId: body.trackingId,
      callbackUrl: body.callbackUrl,
      paymentPageButtonUrl: body.paymentPageButtonUrl,
      paymentPageButtonText: body.paymentPageButtonText,
      currencyIds: body.currencyIds,
      status: body.status,
    });
    return this.presenter.present(view);
  }

  /** The list's filters and sort from its query (the export's query is the same without paging). */
  private filterOf(query: ExportInvoicesQueryDto) {
    return {
      idContains: query.id,
      trackingIdContains: query.trackingId,
      createdFrom: lowerTimestampBound(query.createdFrom),
      createdTo: upperTimestampBound(query.createdTo),
      updatedFrom: lowerTimestampBound(query.updatedFrom),
      updatedTo: upperTimestampBound(query.updatedTo),
      currencyIds: query.currencyIds,
      statuses: query.statuses,
      sortBy: query.sortBy ?? 'createdAt',
      sortOrder: query.sortOrder ?? 'desc',
    } as const;
  }
}
