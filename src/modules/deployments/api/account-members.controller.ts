import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { AccountAccessService } from '../application/account-access.service';
import type { AccountRecord } from '../domain/account';
import type { AccountMemberRecord } from '../domain/account-member.repository';
import { AccountRoute, AccountScoped, CurrentAccount, CurrentCaller } from './access.guard';
import { AddMemberDto, MemberResponseDto, UpdateMemberRoleDto } from './account-access.dto';

const ADDRESS_PARAM = ApiParam({ name: 'address', description: "The member's EVM or Tron address" });

/** An account's members and their roles (docs/authentication.md, "Members"). */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/members')
export class AccountMembersController {
  constructor(private readonly access: AccountAccessService) {}

  @Get()
  @AccountRoute('read')
  @ApiOperation({ operationId: 'AccountsController_getMembers_v1', summary: "The account's members and their roles" })
  @ApiResponse({ status: 200, type: [MemberResponseDto] })
  async list(@CurrentAccount() account: AccountRecord): Promise<MemberResponseDto[]> {
    return (await this.access.listMembers(account)).map(toMemberDto);
  }

  @Post()
  @HttpCode(201)
  @AccountRoute('members:write')
  @ApiOperation({
    operationId: 'AccountsController_addMember_v1',
    summary: 'Add a member (the address need not hold a credential yet: it signs in with its wallet)',
  })
  @ApiBody({ type: AddMemberDto, required: true })
  @ApiResponse({ status: 201, type: MemberResponseDto })
  @ApiResponse({ status: 409, description: 'MEMBER_EXISTS', type: ErrorResponseDto })
  async add(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
    @Body() body: AddMemberDto,
  ): Promise<MemberResponseDto> {
    return toMemberDto(await this.access.addMember(caller, account, body.address, body.role));
  }

  @Patch(':address')
  @AccountRoute('members:write')
  @ADDRESS_PARAM
  @ApiOperation({ operationId: 'AccountsController_updateMemberRole_v1', summary: "Change a member's role" })
  @ApiBody({ type: UpdateMemberRoleDto, required: true })
  @ApiResponse({ status: 200, type: MemberResponseDto })
  @ApiResponse({ status: 400, description: 'Invalid input, or LAST_ADMIN', type: ErrorResponseDto })
  @ApiResponse({ status: 404, description: 'Not found, not a member, or MEMBER_NOT_FOUND', type: ErrorResponseDto })
  async changeRole(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
    @Param('address') address: string,
    @Body() body: UpdateMemberRoleDto,
  ): Promise<MemberResponseDto> {
    return toMemberDto(await this.access.changeRole(caller, account, address, body.role));
  }

  @Delete(':address')
  @HttpCode(200)
  @AccountRoute('members:write')
  @ADDRESS_PARAM
  @ApiOperation({
    operationId: 'AccountsController_removeMember_v1',
    summary: 'Remove a member: its API keys on the account and their sessions stop at once; no contract changes',
  })
  @ApiResponse({ status: 200, type: MemberResponseDto, description: 'The removed membership' })
  @ApiResponse({ status: 400, description: 'Invalid input, or LAST_ADMIN', type: ErrorResponseDto })
  @ApiResponse({ status: 404, description: 'Not found, not a member, or MEMBER_NOT_FOUND', type: ErrorResponseDto })
  async remove(
    @CurrentCaller() caller: Caller,
    @CurrentAccount() account: AccountRecord,
    @Param('address') address: string,
  ): Promise<MemberResponseDto> {
    return toMemberDto(await this.access.removeMember(caller, account, address));
  }
}

function toMemberDto(member: AccountMemberRecord): MemberResponseDto {
  return {
    address: member.address,
    role: member.role,
    addedAt: member.addedAt.toISOString(),
    addedBy: member.addedBy,
    approverOn: [...member.approverOn],
  };
}
