import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { NoFormatCharacters } from '../../../shared/http/body-fields';
import { MAX_LABEL_LENGTH, type AddressBookEntry } from '../domain/address-book-entry';

export class CreateAddressBookEntryDto {
  @ApiProperty({
    example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4',
    description: 'EVM 0x…, or Tron base58 T… / 41… hex',
  })
  @IsString()
  @MaxLength(64)
  address: string;

  @ApiProperty({ enum: ['evm', 'tvm'] })
  @IsIn(['evm', 'tvm'])
  networkType: 'evm' | 'tvm';

  @ApiProperty({ example: 'Acme Ltd. (supplier)', minLength: 1, maxLength: MAX_LABEL_LENGTH })
  @IsString()
  @MaxLength(MAX_LABEL_LENGTH)
  @NoFormatCharacters()
  label: string;
}

export class AddressBookEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4', description: 'EIP-55 on EVM, base58 on Tron' })
  address: string;

  @ApiProperty({ enum: ['evm', 'tvm'] })
  networkType: 'evm' | 'tvm';

  @ApiProperty()
  label: string;

  @ApiProperty({ enum: ['PENDING', 'APPROVED'] })
  status: 'PENDING' | 'APPROVED';

  @ApiProperty({ description: 'Address of the member who added it' })
  addedBy: string;

  @ApiProperty({ type: String, nullable: true, description: 'Address of the ADMIN who approved it' })
  approvedBy: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  approvedAt: string | null;

  static from(this: void, entry: AddressBookEntry): AddressBookEntryDto {
    const e = entry.toProps();
    return {
      id: e.id,
      address: e.address.display,
      networkType: e.address.networkType,
      label: e.label,
      status: e.status,
      addedBy: e.addedBy.address,
      approvedBy: e.approvedBy?.address ?? null,
      createdAt: e.createdAt.toISOString(),
      approvedAt: e.approvedAt?.toISOString() ?? null,
    };
  }
}
