import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import type { AccountRecord } from '../../deployments/domain/account';
import { AccountRoute, AccountScoped, CurrentAccount, CurrentCaller } from '../../deployments/api/access.guard';
import { NotificationSettingsService } from '../application/notification-settings.service';
import { NotificationSettingsDto, NotificationSettingsResponseDto } from './notification-settings.dto';

/** The caller's own notification settings on an account: every member chooses how it hears of the queue. */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/notification-settings')
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @Get()
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getNotificationSettings_v1',
    summary: "The caller's notification settings on the account (the Slack URL masked to scheme and host)",
  })
  @ApiResponse({ status: 200, type: NotificationSettingsResponseDto })
  get(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
  ): Promise<NotificationSettingsResponseDto> {
    return this.settings.get(caller, account.id);
  }

  @Put()
  @AccountRoute('notifications:own')
  @ApiOperation({
    operationId: 'AccountsController_updateNotificationSettings_v1',
    summary: "Set the caller's notification settings on the account; events [] turns them off",
  })
  @ApiBody({ type: NotificationSettingsDto, required: true })
  @ApiResponse({ status: 200, type: NotificationSettingsResponseDto })
  @ApiResponse({
    status: 400,
    description:
      'A missing key, not an e-mail, a Slack URL that is not http(s) or points to a private address, an unknown event, a telegramChatId that is not a string',
    type: ErrorResponseDto,
  })
  update(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
    @Body() body: NotificationSettingsDto,
  ): Promise<NotificationSettingsResponseDto> {
    return this.settings.update(caller, account.id, body);
  }
}
