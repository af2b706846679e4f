import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { CreatedApiKey } from '../../auth/application/api-keys.service';
import type { ApiKeyRecord } from '../../auth/domain/api-key.repository';
import type { Caller } from '../../auth/domain/caller';
import { AccountAccessService } from '../application/account-access.service';
import type { AccountRecord } from '../domain/account';
import { AccountRoute, AccountScoped, CurrentAccount, CurrentCaller } from './access.guard';
import { ApiKeyCreatedDto, ApiKeyResponseDto, CreateApiKeyDto } from './account-access.dto';

/** Scoped API keys on an account (docs/authentication.md, "API keys"). */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/api-keys')
export class AccountApiKeysController {
  constructor(private readonly access: AccountAccessService) {}

  @Post()
  @HttpCode(201)
  @AccountRoute('api-keys:create')
  @ApiOperation({
    operationId: 'AccountsController_createApiKey_v1',
    summary: 'Create a scoped API key for the caller; the key and secret are shown once',
  })
  @ApiBody({ type: CreateApiKeyDto, required: true })
  @ApiResponse({ status: 201, type: ApiKeyCreatedDto })
  @ApiResponse({
    status: 400,
    description:
      'Invalid input, SCOPE_EXCEEDS_ROLE, an expiresAt not in the future, or a deployment of another account',
    type: ErrorResponseDto,
  })
  async create(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
    @Body() body: CreateApiKeyDto,
  ): Promise<ApiKeyCreatedDto> {
    const created: CreatedApiKey = await this.access.createApiKey(caller, account, {
      name: body.name,
      scopes: body.scopes,
      deploymentIds: body.deploymentIds,
      expiresAt: body.expiresAt === undefined ? undefined : new Date(body.expiresAt),
    });
    return { ...toApiKeyDto(created), apiKey: created.apiKey, apiSecret: created.apiSecret };
  }

  @Get()
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getApiKeys_v1',
    summary: "The caller's API keys on the account (every member's for an ADMIN), without secrets",
  })
  @ApiResponse({ status: 200, type: [ApiKeyResponseDto] })
  async list(@CurrentCaller() caller: Caller, @CurrentAccount() account: AccountRecord): Promise<ApiKeyResponseDto[]> {
    return (await this.access.listApiKeys(caller, account)).map(toApiKeyDto);
  }

  @Delete(':keyId')
  @HttpCode(200)
  @AccountRoute('api-keys:revoke')
  @ApiParam({ name: 'keyId', description: 'API key id', schema: { type: 'string', format: 'uuid' } })
  @ApiOperation({
    operationId: 'AccountsController_revokeApiKey_v1',
    summary: 'Revoke an API key (its owner or an ADMIN): the key and its token sessions stop at once',
  })
  @ApiResponse({ status: 200, type: ApiKeyResponseDto, description: 'The revoked key' })
  @ApiResponse({ status: 404, description: 'Not found, not a member, or API_KEY_NOT_FOUND', type: ErrorResponseDto })
  async revoke(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
    @Param('keyId') keyId: string,
  ): Promise<ApiKeyResponseDto> {
    return toApiKeyDto(await this.access.revokeApiKey(caller, account, keyId));
  }
}

function toApiKeyDto(key: ApiKeyRecord): ApiKeyResponseDto {
  return {
    id: key.id,
    name: key.name,
    owner: key.owner,
    scopes: [...key.scopes],
    deploymentIds: key.deploymentIds === null ? null : [...key.deploymentIds],
    expiresAt: key.expiresAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    keyPrefix: key.keyPrefix,
  };
}
