import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { AccountsService } from '../application/accounts.service';
import { AccountDeploymentRecord, AccountRecord } from '../domain/account';
import { AccountRoute, AccountScoped, CurrentAccount, Requires } from './access.guard';
import {
  AccountDetailsDto,
  AccountDeploymentDto,
  AccountResponseDto,
  DeployParamsQueryDto,
  DeploymentParamsResponseDto,
  FindUserAccountsQueryDto,
  UpdateAccountDto,
} from './account-response.dto';
import { CurrentCaller } from './access.guard';

@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @Requires('read')
  @ApiOperation({ operationId: 'AccountsController_findUserAccounts_v1', summary: "The caller's accounts" })
  @ApiOkResponse({ type: [AccountResponseDto] })
  @ApiResponse({ status: 400, description: 'Invalid input', type: ErrorResponseDto })
  async findUserAccounts(
    @CurrentCaller() caller: Caller,
    @Query() query: FindUserAccountsQueryDto,
  ): Promise<AccountResponseDto[]> {
    return (await this.accounts.list(caller, query.isHidden)).map((account) => toAccountDto(account, caller));
  }

  @Get(':accountId')
  @AccountRoute('read')
  @ApiOperation({ operationId: 'AccountsController_findAccountById_v1', summary: 'An account and its deployments' })
  @ApiOkResponse({ type: AccountDetailsDto })
  async findAccountById(
    @CurrentAccount() account: AccountRecord,
    @CurrentCaller() caller: Caller,
  ): Promise<AccountDetailsDto> {
    const deployments = await this.accounts.deploymentsOf(account);
    return {
      account: toAccountDto(account, caller),
      deployments: deployments.map((deployment) => this.toDeploymentDto(deployment)),
    };
  }

  @Put(':accountId')
  @AccountRoute('settings:write')
  @ApiOperation({ operationId: 'AccountsController_updateAccount_v1', summary: 'Rename an account' })
  @ApiOkResponse({ type: AccountResponseDto })
  async updateAccount(
    @CurrentAccount() account: AccountRecord,
    @CurrentCaller() caller: Caller,
    @Body() body: UpdateAccountDto,
  ): Promise<AccountResponseDto> {
    return toAccountDto(await this.accounts.rename(account, caller, body.name), caller);
  }

  @Get(':accountId/deploy-params')
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AccountsController_getDeploymentInfo_v1',
    summary: 'Inputs of ProxyFactory.createInstance for the account wallet',
    description:
      '404 WALLET_FACTORY_NOT_CONFIGURED when CHAIN_CONTRACTS names no factory (or no implementation of the account version) for the chain.',
  })
  @ApiOkResponse({ type: DeploymentParamsResponseDto })
  getDeploymentInfo(
    @CurrentAccount() account: AccountRecord,
    @Query() query: DeployParamsQueryDto,
  ): DeploymentParamsResponseDto {
    return { ...this.accounts.deployParams(account, query.chainId) };
  }

  private toDeploymentDto(deployment: AccountDeploymentRecord): AccountDeploymentDto {
    return {
      deploymentId: deployment.deploymentId,
      chainId: deployment.chainId,
      networkName: this.accounts.networkName(deployment.chainId),
      approvers: deployment.approvers.map(String),
      threshold: deployment.threshold,
      deploymentStatus: deployment.deploymentStatus as AccountDeploymentDto['deploymentStatus'],
      transactionHash: deployment.transactionHash,
      deployedAt: deployment.deployedAt?.toISOString() ?? null,
    };
  }
}

export function toAccountDto(account: AccountRecord, caller: Caller): AccountResponseDto {
  const contract = account.contract;
  return {
    id: account.id,
    name: account.name,
    contract: contract?.address.display ?? null,
    members: [...account.memberAddresses],
    createdAt: account.createdAt.toISOString(),
    initialConfig:
      contract === null
        ? null
        : { approvers: contract.initialApprovers.map(String), threshold: contract.initialThreshold },
    isTron: contract?.networkType === 'tvm',
    smartContractVersionId: contract?.smartContractVersionId ?? null,
    networkId: contract?.networkId ?? null,
    ...(caller.kind === 'jwt' ? { isHidden: account.isHidden } : {}),
  };
}
