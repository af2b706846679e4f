import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { CallbackSettingsService } from '../application/callback-settings.service';
import { CallbackSettingsDto } from './callback.dto';
import type { Caller } from '../../auth/domain/caller';
import { AccountRoute, AccountScoped, CurrentCaller } from '../../deployments/api/access.guard';

/** The account's callback settings: where approvers hear about the queue. Any member reads them; an ADMIN changes them. */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/callback-settings')
export class CallbackSettingsController {
  constructor(private readonly settings: CallbackSettingsService) {}

  @Get()
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getCallbackSettings_v1',
    summary: "The account's callback settings",
  })
  @ApiResponse({ status: 200, type: CallbackSettingsDto })
  get(@Param('accountId') accountId: string): Promise<CallbackSettingsDto> {
    return this.settings.get(accountId.toLowerCase());
  }

  @Put()
  @AccountRoute('settings:write')
  @ApiOperation({
    operationId: 'AccountsController_updateCallbackSettings_v1',
    summary: 'Set where queue notifications (OPERATION_* callbacks) go; null turns them off',
  })
  @ApiBody({ type: CallbackSettingsDto, required: true })
  @ApiResponse({ status: 200, type: CallbackSettingsDto })
  @ApiResponse({
    status: 400,
    description: 'Missing key, not an http(s) URL, too long, or a private address',
    type: ErrorResponseDto,
  })
  update(
    @Param('accountId') accountId: string,
    @CurrentCaller() caller: Caller,
    @Body() body: CallbackSettingsDto,
  ): Promise<CallbackSettingsDto> {
    return this.settings.update(accountId.toLowerCase(), caller, { operationsCallbackUrl: body.operationsCallbackUrl });
  }
}
