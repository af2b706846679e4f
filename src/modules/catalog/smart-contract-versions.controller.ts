import { Controller, Get, Param } from '@nestjs/common';
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
import { PUBLIC_CACHE_HEADERS, PublicCache } from '../../shared/http/public-cache.interceptor';
import { SMART_CONTRACT_VERSION_ID } from './catalog';
import { CatalogService } from './catalog.service';
import { SmartContractVersionResponseDto } from './smart-contract-version-response.dto';

/** Public: no credential is needed, and one sent is ignored. The seed still lists ApiKeyAuth. */
@ApiTags('Smart contract versions')
@ApiSecurity(API_KEY_SCHEME)
@PublicCache()
@Controller('api/v1/public/smart-contract-versions')
export class PublicSmartContractVersionsController {
  constructor(private readonly catalog: CatalogService) {}

  @Get(':versionId')
  @ApiOperation({
    operationId: 'PublicSmartContractVersionsController_getByVersionId_v1',
    summary: 'Get a multisig contract version',
  })
  @ApiParam({
    name: 'versionId',
    schema: { type: 'string', minLength: 1, example: '1.2.0-evm' },
    description: `Format ${SMART_CONTRACT_VERSION_ID.source}; for tvm-N, N is the Tron chain id (728126428 mainnet, 2494104990 Shasta).`,
  })
  @ApiOkResponse({
    type: SmartContractVersionResponseDto,
    headers: PUBLIC_CACHE_HEADERS,
    description: 'The contract version.',
  })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A query parameter was sent (none is accepted).' })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'Unknown or malformed version id (SMART_CONTRACT_VERSION_NOT_FOUND).',
  })
  getByVersionId(@Param('versionId') versionId: string): SmartContractVersionResponseDto {
    return SmartContractVersionResponseDto.from(this.catalog.getSmartContractVersion(versionId));
  }
}
