import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SkipIdempotency } from '../../../shared/http/idempotency/idempotency.decorators';
import { CallbackSecretsService } from '../application/callback-secrets.service';
import { CallbackSecretResponseDto } from './callback.dto';
import type { Caller } from '../../auth/domain/caller';
import { AccountRoute, AccountScoped, CurrentCaller } from '../../deployments/api/access.guard';

/**
 * The account's callback signing secret (docs/contract.md, Merchants). A controller of its own so the other
 * `/api/v1/accounts/{accountId}` endpoints can live elsewhere without touching this one.
 */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/callback-secret')
export class CallbackSecretController {
  constructor(private readonly secrets: CallbackSecretsService) {}

  @Post()
  @HttpCode(201)
  // A replayed response would have to store the secret; a new one on retry is harmless.
  @SkipIdempotency()
  @AccountRoute('settings:write')
  @ApiOperation({
    operationId: 'AccountsController_createCallbackSecret_v1',
    summary: 'Create a new callback signing secret, shown once; the old one stops signing at once',
  })
  @ApiResponse({ status: 201, type: CallbackSecretResponseDto })
  async create(
    @Param('accountId') accountId: string,
    @CurrentCaller() caller: Caller,
  ): Promise<CallbackSecretResponseDto> {
    return { secret: await this.secrets.rotate(accountId.toLowerCase(), caller) };
  }
}
