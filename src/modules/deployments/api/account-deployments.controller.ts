import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { DeploymentsService } from '../application/deployments.service';
import { Deployment } from '../domain/deployment';
import { CurrentDeployment, DeploymentScoped, Requires } from './access.guard';
import { NonceInfoResponseDto } from './nonce-info-response.dto';

@ApiTags('Deployments')
@DeploymentScoped('not_found')
@Controller('api/v1/accounts/deployments/:deploymentId')
export class AccountDeploymentsController {
  constructor(private readonly deployments: DeploymentsService) {}

  @Get('nonce-info')
  @Requires('read')
  @ApiOperation({
    operationId: 'AccountDeploymentsController_getNonceInfo_v1',
    summary: 'Current and last executed nonce',
  })
  @ApiOkResponse({ type: NonceInfoResponseDto })
  @ApiResponse({ status: 400, description: 'Malformed deployment id', type: ErrorResponseDto })
  getNonceInfo(@CurrentDeployment() deployment: Deployment): NonceInfoResponseDto {
    return this.deployments.nonceInfo(deployment);
  }
}
