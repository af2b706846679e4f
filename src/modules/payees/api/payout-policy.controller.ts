import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { AccountRoute, AccountScoped, CurrentCaller } from '../../deployments/api/access.guard';
import { PayoutPolicyService } from '../application/payout-policy.service';
import { PayoutPolicyDto } from './payout-policy.dto';

/** The account's payout policy (docs/review-and-policy.md): a gate every payout of the service passes. */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/payout-policy')
export class PayoutPolicyController {
  constructor(private readonly policy: PayoutPolicyService) {}

  @Get()
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'PayoutPolicyController_get_v1',
    summary: "The account's payout policy (defaults when never set)",
    description: 'The rules every payout created through the service passes. Any member may read them.',
  })
  @ApiResponse({ status: 200, type: PayoutPolicyDto })
  get(@Param('accountId') accountId: string): Promise<PayoutPolicyDto> {
    return this.policy.get(accountId.toLowerCase());
  }

  @Put()
  @AccountRoute('settings:write')
  @ApiOperation({
    operationId: 'PayoutPolicyController_put_v1',
    summary: 'Replace the payout policy (ADMIN)',
    description:
      'Replaces the whole policy. It binds payouts created through the service only: owners who sign and execute elsewhere still reach the contract.',
  })
  @ApiBody({ type: PayoutPolicyDto })
  @ApiResponse({ status: 200, type: PayoutPolicyDto })
  @ApiResponse({ status: 403, description: 'ROLE_FORBIDS: only an ADMIN changes the policy', type: ErrorResponseDto })
  put(
    @Param('accountId') accountId: string,
    @CurrentCaller() caller: Caller,
    @Body() body: PayoutPolicyDto,
  ): Promise<PayoutPolicyDto> {
    return this.policy.put(accountId.toLowerCase(), caller, body);
  }
}
