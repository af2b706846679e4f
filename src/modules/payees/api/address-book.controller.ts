import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import type { Caller } from '../../auth/domain/caller';
import { AccountRoute, AccountScoped, CurrentCaller } from '../../deployments/api/access.guard';
import { AddressBookService } from '../application/address-book.service';
import { AddressBookEntryDto, CreateAddressBookEntryDto } from './address-book.dto';

const ENTRY_ID = ApiParam({ name: 'entryId', schema: { type: 'string', format: 'uuid' } });

/** The account's address book (docs/review-and-policy.md): payees vouched for by two people. */
@ApiTags('accounts')
@AccountScoped()
@Controller('api/v1/accounts/:accountId/address-book')
export class AddressBookController {
  constructor(private readonly addressBook: AddressBookService) {}

  @Get()
  @AccountRoute('read')
  @ApiOperation({
    operationId: 'AddressBookController_list_v1',
    summary: "The account's address book",
    description: 'Every entry of the account, PENDING and APPROVED, oldest first. Any member may read it.',
  })
  @ApiResponse({ status: 200, type: [AddressBookEntryDto] })
  async list(@Param('accountId') accountId: string): Promise<AddressBookEntryDto[]> {
    return (await this.addressBook.list(accountId.toLowerCase())).map(AddressBookEntryDto.from);
  }

  @Post()
  @AccountRoute('address-book:propose')
  @ApiOperation({
    operationId: 'AddressBookController_add_v1',
    summary: 'Propose a payee (PENDING; APPROVED at once when the adder is the only ADMIN)',
    description:
      'Adds an address with a label. Another ADMIN must approve it before it counts as a known payee; OPERATOR or ADMIN.',
  })
  @ApiBody({ type: CreateAddressBookEntryDto })
  @ApiResponse({ status: 201, type: AddressBookEntryDto })
  @ApiResponse({ status: 409, description: 'ADDRESS_BOOK_ENTRY_EXISTS', type: ErrorResponseDto })
  @ApiResponse({ status: 403, description: 'ROLE_FORBIDS: a VIEWER cannot propose', type: ErrorResponseDto })
  async add(
    @Param('accountId') accountId: string,
    @CurrentCaller() caller: Caller,
    @Body() body: CreateAddressBookEntryDto,
  ): Promise<AddressBookEntryDto> {
    return AddressBookEntryDto.from(await this.addressBook.add(accountId.toLowerCase(), caller, body));
  }

  @Post(':entryId/approve')
  @HttpCode(200)
  @AccountRoute('address-book:approve')
  @ENTRY_ID
  @ApiOperation({
    operationId: 'AddressBookController_approve_v1',
    summary: 'Approve a PENDING entry (another ADMIN)',
    description:
      'The second person of the two-person rule: an ADMIN other than the one who added the entry. Approving an APPROVED entry changes nothing.',
  })
  @ApiResponse({ status: 200, type: AddressBookEntryDto })
  @ApiResponse({ status: 403, description: 'ROLE_FORBIDS: only an ADMIN approves', type: ErrorResponseDto })
  async approve(
    @Param('accountId') accountId: string,
    @Param('entryId') entryId: string,
    @CurrentCaller() caller: Caller,
  ): Promise<AddressBookEntryDto> {
    return AddressBookEntryDto.from(await this.addressBook.approve(accountId.toLowerCase(), caller, entryId));
  }

  @Delete(':entryId')
  @HttpCode(200)
  @AccountRoute('address-book:approve')
  @ENTRY_ID
  @ApiOperation({
    operationId: 'AddressBookController_remove_v1',
    summary: 'Remove an entry (ADMIN)',
    description: 'Removes the entry; the address is no longer a known payee through the address book.',
  })
  @ApiResponse({ status: 200, type: AddressBookEntryDto })
  @ApiResponse({ status: 403, description: 'ROLE_FORBIDS: only an ADMIN removes', type: ErrorResponseDto })
  async remove(
    @Param('accountId') accountId: string,
    @Param('entryId') entryId: string,
    @CurrentCaller() caller: Caller,
  ): Promise<AddressBookEntryDto> {
    return AddressBookEntryDto.from(await this.addressBook.remove(accountId.toLowerCase(), caller, entryId));
  }
}
