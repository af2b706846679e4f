import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { API_KEY_SCHEME } from '../../openapi';
import { ErrorResponseDto } from '../../shared/http/error-response.dto';
import {
  PrecomputedJson,
  PrecomputedJsonCache,
  PUBLIC_CACHE_HEADERS,
  PublicCache,
} from '../../shared/http/public-cache.interceptor';
import { CatalogService } from './catalog.service';
import { CurrenciesQueryDto } from './currencies-query.dto';
import { CurrencyResponseDto } from './currency-response.dto';

/**
 * Public: no credential is needed, and one sent is ignored. The seed still lists ApiKeyAuth.
 * The catalog only changes at start, so each distinct query's body and ETag are computed once.
 */
@ApiTags('Currencies')
@ApiSecurity(API_KEY_SCHEME)
@PublicCache()
@Controller('api/v1/public/currencies')
export class CurrenciesController {
  private readonly lists = new PrecomputedJsonCache();
  private readonly ones = new PrecomputedJsonCache();

  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOperation({ operationId: 'CurrenciesController_findAll_v1', summary: 'List the currencies of the catalog' })
  @ApiOkResponse({
    type: [CurrencyResponseDto],
    headers: PUBLIC_CACHE_HEADERS,
    description: 'The matching currencies (a bare array, possibly empty).',
  })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A filter or sort value is invalid, or a parameter is unknown.',
  })
  findAll(@Query() query: CurrenciesQueryDto): PrecomputedJson {
    const { sortBy = 'createdAt', sortOrder = 'desc', ...filter } = query;
    const key = JSON.stringify([
      sortBy,
      sortOrder,
      filter.symbol,
      filter.name,
      filter.chainId,
      filter.address?.hex20,
      filter.address?.networkType,
      filter.isNative,
      filter.isScam,
      filter.isVerified,
    ]);
    return this.lists.get(key, () =>
      this.catalog.listCurrencies(filter, { by: sortBy, order: sortOrder }).map(CurrencyResponseDto.from),
    );
  }

  @Get(':id')
  @ApiOperation({ operationId: 'CurrenciesController_findOne_v1', summary: 'Get one currency' })
  @ApiParam({
    name: 'id',
    schema: { type: 'string', minLength: 1, example: '1-0xdac17f958d2ee523a2206206994597c13d831ec7' },
    description: '`{chainId}` or `{chainId}-{contractAddress}`; an EVM address may be in any letter case.',
  })
  @ApiOkResponse({ type: CurrencyResponseDto, headers: PUBLIC_CACHE_HEADERS, description: 'The currency.' })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter was sent (none is accepted).' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No currency has this id (CURRENCY_NOT_FOUND).' })
  findOne(@Param('id') id: string): PrecomputedJson {
    const currency = this.catalog.getCurrency(id);
    return this.ones.get(currency.id, () => CurrencyResponseDto.from(currency));
  }
}
