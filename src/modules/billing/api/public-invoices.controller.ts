import { Controller, Get, Header, Param } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { InvoicesService } from '../application/invoices.service';
import { InvoicePresenter } from '../application/invoice-presenter';
import { PublicInvoiceResponseDto, PublicInvoiceTransactionDto } from './public-invoice-response.dto';

export const PUBLIC_ID = ApiParam({ name: 'publicId', schema: { type: 'string', pattern: '^[0-9]{1,19}$' } });
const NOT_FOUND = ApiResponse({ status: 404, description: 'No invoice with this public id', type: ErrorResponseDto });

/**
 * What the payment page reads (docs/contract.md, Merchants). No credential: the public id in the link is the only
 * key, and what is shown is only what the payer needs. Not cached: the status is what the page
 * polls for.
 */
@ApiTags('Public invoices')
@Controller('api/v1/public/invoices/:publicId')
export class PublicInvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly presenter: InvoicePresenter,
  ) {}

  @Get()
  @PUBLIC_ID
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ operationId: 'PublicInvoicesController_getInvoice_v1', summary: 'An invoice as its payer sees it' })
  @ApiResponse({ status: 200, type: PublicInvoiceResponseDto })
  @NOT_FOUND
  async getInvoice(@Param('publicId') publicId: string): Promise<PublicInvoiceResponseDto> {
    const { view } = await this.invoices.getPublic(publicId);
    return this.presenter.presentPublic(view);
  }

  @Get('transactions')
  @PUBLIC_ID
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'PublicInvoicesController_getTransactions_v1',
    summary: "The invoice's deposits, oldest first",
  })
  @ApiResponse({ status: 200, type: [PublicInvoiceTransactionDto] })
  @NOT_FOUND
  async getTransactions(@Param('publicId') publicId: string): Promise<PublicInvoiceTransactionDto[]> {
    const { deposits } = await this.invoices.getPublic(publicId);
    return deposits.map((deposit) => this.presenter.presentDeposit(deposit));
  }
}
