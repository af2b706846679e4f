import { Controller, Get, HttpCode, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { lowerTimestampBound, upperTimestampBound } from '../../../shared/domain/timestamp-bounds';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { CurrentCaller, CurrentDeployment, DeploymentScoped, Requires } from '../../deployments/api/access.guard';
import type { Deployment } from '../../deployments/domain/deployment';
import { ClaimsService } from '../application/claims.service';
import { ClaimPresenter } from './claim-presenter';
import { ClaimsQueryDto } from './claims-query.dto';
import { ClaimsResponseDto } from './claims-response.dto';

const BAD_REQUEST = { status: 400, description: 'Invalid input', type: ErrorResponseDto } as const;

@ApiTags('Claims')
@DeploymentScoped('not_found')
@Controller('api/v1/deployments/:deploymentId/claims')
export class ClaimsController {
  constructor(
    private readonly claims: ClaimsService,
    private readonly presenter: ClaimPresenter,
  ) {}

  /** 201, not 200: the seed declares it so, and generated clients expect it. */
  @Get('currencies')
  @HttpCode(201)
  @Requires('read')
  @ApiOperation({
    operationId: 'ClaimsController_getClaimableCurrencies_v1',
    summary: 'Currencies with a non-zero claimable amount',
  })
  @ApiResponse({ status: 201, type: [CurrencyResponseDto] })
  @ApiResponse(BAD_REQUEST)
  async getClaimableCurrencies(@CurrentDeployment() deployment: Deployment): Promise<CurrencyResponseDto[]> {
    return this.presenter.presentCurrencies(await this.claims.claimableCurrencies(deployment));
  }

  @Get()
  @Requires('read')
  @ApiOperation({
    operationId: 'ClaimsController_getClaims_v1',
    summary: 'Unclaimed deposits, grouped by invoice and currency',
  })
  @ApiResponse({ status: 200, type: ClaimsResponseDto })
  @ApiResponse(BAD_REQUEST)
  async getClaims(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Query() query: ClaimsQueryDto,
  ): Promise<ClaimsResponseDto> {
    const page = pageRequest(query);
    const { total, items } = await this.claims.list(deployment, caller, {
      currencyIds: query.currencyIds,
      invoiceId: query.invoiceId?.toLowerCase(),
      currencyIsScam: query.currencyIsScam,
      currencyIsVerified: query.currencyIsVerified,
      currencyIsHidden: query.currencyIsHidden,
      createdFrom: lowerTimestampBound(query.createdFrom),
      createdTo: upperTimestampBound(query.createdTo),
      updatedFrom: lowerTimestampBound(query.updatedFrom),
      updatedTo: upperTimestampBound(query.updatedTo),
      sortBy: query.sortBy ?? 'createdAt',
      sortOrder: query.sortOrder ?? 'desc',
      limit: page.pageSize,
      offset: page.offset,
    });
    return this.presenter.presentPage({ total, page: page.page, pageSize: page.pageSize, items });
  }
}
