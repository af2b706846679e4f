import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { CurrentCaller, CurrentDeployment, DeploymentScoped, Requires } from '../../deployments/api/access.guard';
import type { Deployment } from '../../deployments/domain/deployment';
import { QueueService } from '../application/queue.service';
import {
  CreateMultisigConfigChangeOperationDto,
  CreateRejectOperationDto,
  DeploymentQueueQueryDto,
  SubmitSignatureDto,
  UpdateOperationNonceDto,
} from './queue-operation-requests.dto';
import {
  DeploymentQueueResponseDto,
  QueueOperationResponseDto,
  SignatureResponseDto,
} from './queue-operation-response.dto';

const OPERATION_ID = ApiParam({
  name: 'operationId',
  description: 'Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x)',
  schema: { type: 'string' },
});
const BAD_REQUEST = (description: string) => ApiResponse({ status: 400, description, type: ErrorResponseDto });

/** Endpoints 3-9 (docs/contract.md, Operations queue): parse, authorize (the guard), one service call, the DTO. */
@ApiTags('Queue operations')
@DeploymentScoped('not_found')
@Controller('api/v1/deployments/:deploymentId/operations')
export class QueueOperationsController {
  constructor(private readonly queue: QueueService) {}

  @Get()
  @Requires('read')
  @ApiOperation({ operationId: 'QueueOperationsController_getDeploymentQueue_v1', summary: 'List queued operations' })
  @ApiOkResponse({ type: DeploymentQueueResponseDto })
  @BAD_REQUEST('Invalid query parameter or deployment id')
  async getDeploymentQueue(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Query() query: DeploymentQueueQueryDto,
  ): Promise<DeploymentQueueResponseDto> {
    const page = pageRequest(query);
    return await this.queue.list(deployment, caller, {
      ...query,
      page: page.page,
      pageSize: page.pageSize,
      offset: page.offset,
    });
  }

  @Get(':operationId')
  @OPERATION_ID
  @Requires('read')
  @ApiOperation({
    operationId: 'QueueOperationsController_getOperationById_v1',
    summary: 'Read one operation with its signature status',
  })
  @ApiOkResponse({ type: QueueOperationResponseDto })
  @BAD_REQUEST('Malformed deployment id')
  async getOperationById(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('operationId') operationId: string,
  ): Promise<QueueOperationResponseDto> {
    return await this.queue.get(deployment, caller, operationId);
  }

  @Delete(':operationId')
  @HttpCode(200)
  @OPERATION_ID
  @Requires('operations:write')
  @ApiOperation({
    operationId: 'QueueOperationsController_deleteOperation_v1',
    summary: 'Delete an operation (creator only, PENDING or READY)',
  })
  @ApiOkResponse({ description: 'Deleted; no body' })
  @BAD_REQUEST('Caller is not the creator, or the status is not PENDING or READY')
  async deleteOperation(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('operationId') operationId: string,
  ): Promise<void> {
    await this.queue.delete(deployment, caller, operationId);
  }

  @Post('multisig-config')
  @Requires('operations:write')
  @ApiOperation({
    operationId: 'QueueOperationsController_createMultisigConfigChangeOperation_v1',
    summary: 'Propose new approvers and threshold',
  })
  @ApiBody({ type: CreateMultisigConfigChangeOperationDto })
  @ApiCreatedResponse({ type: QueueOperationResponseDto })
  @BAD_REQUEST('Invalid input')
  async createMultisigConfigChangeOperation(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Body() body: CreateMultisigConfigChangeOperationDto,
  ): Promise<QueueOperationResponseDto> {
    return await this.queue.createMultisigConfigChange(deployment, caller, body);
  }

  @Post('reject')
  @Requires('operations:write')
  @ApiOperation({
    operationId: 'QueueOperationsController_createRejectOperation_v1',
    summary: 'Reject by consuming a nonce',
  })
  @ApiBody({ type: CreateRejectOperationDto })
  @ApiCreatedResponse({ type: QueueOperationResponseDto })
  @BAD_REQUEST(
    'Invalid input, nonce below the current nonce, a live REJECT already exists at the nonce, or the caller is not an approver (NOT_AN_APPROVER)',
  )
  async createRejectOperation(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Body() body: CreateRejectOperationDto,
  ): Promise<QueueOperationResponseDto> {
    return await this.queue.createReject(deployment, caller, body.nonce);
  }

  @Post(':operationId/sign')
  @HttpCode(200)
  @OPERATION_ID
  @Requires('operations:sign')
  @ApiOperation({
    operationId: 'QueueOperationsController_submitSignature_v1',
    summary: "Submit an approver's signature",
  })
  @ApiBody({ type: SubmitSignatureDto })
  @ApiOkResponse({ type: SignatureResponseDto })
  @BAD_REQUEST('Invalid signature, signer already signed, or the operation cannot be signed')
  async submitSignature(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('operationId') operationId: string,
    @Body() body: SubmitSignatureDto,
  ): Promise<SignatureResponseDto> {
    return await this.queue.submitSignature(deployment, caller, operationId, body.signature);
  }

  @Patch(':operationId/nonce')
  @OPERATION_ID
  @Requires('operations:write')
  @ApiOperation({
    operationId: 'QueueOperationsController_updateOperationNonce_v1',
    summary: 'Change the nonce; resets signatures',
  })
  @ApiBody({ type: UpdateOperationNonceDto })
  @ApiOkResponse({ type: QueueOperationResponseDto })
  @BAD_REQUEST('Invalid nonce or operation status')
  async updateOperationNonce(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('operationId') operationId: string,
    @Body() body: UpdateOperationNonceDto,
  ): Promise<QueueOperationResponseDto> {
    return await this.queue.changeNonce(deployment, caller, operationId, body.nonce);
  }
}
