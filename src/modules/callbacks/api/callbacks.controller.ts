import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { CallbacksService } from '../application/callbacks.service';
import {
  Callback,
  CallbacksQueryDto,
  CallbacksResponseDto,
  ResendCallbacksDto,
  ResendCallbacksResponseDto,
} from './callback.dto';
import { CurrentCaller, AccountScoped, Requires } from '../../deployments/api/access.guard';

/** The delivery log and resend (docs/contract.md, Merchants); a member sees only their own accounts' callbacks. */
@ApiTags('Callbacks')
@AccountScoped()
@Controller('api/v1/callbacks')
export class CallbacksController {
  constructor(private readonly callbacks: CallbacksService) {}

  @Get()
  @Requires('read')
  @ApiOperation({ operationId: 'CallbacksController_findAll_v1', summary: 'Delivery log of one invoice or payout' })
  @ApiResponse({ status: 200, type: CallbacksResponseDto })
  @ApiResponse({ status: 400, description: 'Missing or malformed operationId', type: ErrorResponseDto })
  async findAll(@CurrentCaller() caller: Caller, @Query() query: CallbacksQueryDto): Promise<CallbacksResponseDto> {
    const page = pageRequest(query);
    const { total, items } = await this.callbacks.list(caller, query.operationId, {
      limit: page.pageSize,
      offset: page.offset,
    });
    return { total, page: page.page, pageSize: page.pageSize, items: items.map((record) => Callback.from(record)) };
  }

  @Post('resend')
  @HttpCode(200)
  @Requires('callbacks:resend')
  @ApiOperation({ operationId: 'CallbacksController_resend_v1', summary: 'Send FAILED callbacks again' })
  @ApiBody({ type: ResendCallbacksDto, required: true })
  @ApiResponse({ status: 200, type: ResendCallbacksResponseDto })
  @ApiResponse({ status: 400, description: 'ids missing, empty, too many or not UUIDs', type: ErrorResponseDto })
  async resend(@CurrentCaller() caller: Caller, @Body() body: ResendCallbacksDto): Promise<ResendCallbacksResponseDto> {
    return { requeuedCount: await this.callbacks.resend(caller, body.ids) };
  }
}
