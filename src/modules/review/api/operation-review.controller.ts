import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { CurrentCaller, CurrentDeployment, DeploymentScoped, Requires } from '../../deployments/api/access.guard';
import type { Deployment } from '../../deployments/domain/deployment';
import { OperationReviewService } from '../application/operation-review.service';
import { OperationReviewDto } from './operation-review.dto';

/** The review of one queued operation (docs/review-and-policy.md): what exactly is being signed. */
@ApiTags('Queue operations')
@DeploymentScoped('not_found')
@Controller('api/v1/deployments/:deploymentId/operations')
export class OperationReviewController {
  constructor(private readonly reviews: OperationReviewService) {}

  @Get(':operationId/review')
  @Requires('read')
  @ApiParam({
    name: 'operationId',
    description: 'Queue operation UUID, or its executeOperationId (bytes32 hex, with or without 0x)',
    schema: { type: 'string' },
  })
  @ApiOperation({
    operationId: 'QueueOperationsController_getOperationReview_v1',
    summary: 'What an approver signs: typed data, hashes, decoded calls, config diff, simulation and warnings',
    description:
      "The typed data to sign and its digest, computed from the deployment's contract version; every call decoded; the signer change; a simulation through the chain's node (UNAVAILABLE after 2.5 s, or without a node); and warnings such as look-alike payees.",
  })
  @ApiOkResponse({ type: OperationReviewDto })
  @ApiResponse({ status: 400, description: 'Malformed deployment id', type: ErrorResponseDto })
  async getOperationReview(
    @CurrentDeployment() deployment: Deployment,
    @CurrentCaller() caller: Caller,
    @Param('operationId') operationId: string,
  ): Promise<OperationReviewDto> {
    return OperationReviewDto.from(await this.reviews.review(deployment, caller, operationId));
  }
}
