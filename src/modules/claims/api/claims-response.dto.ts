import { ApiProperty } from '@nestjs/swagger';
import { PageDto } from '../../../shared/http/query-params';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';

export class ClaimItemDto {
  @ApiProperty({ format: 'uuid' })
  invoiceId: string;

  @ApiProperty({
    example: '0000000000000000000000000000000000000000000000000000000000000011',
    pattern: '^[0-9a-f]{64}$',
    description: 'The deposit account id (bytes32, 64 lowercase hex digits, no 0x): claim(token, ["0x" + it])',
  })
  invoiceNonce: string;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z', description: 'First claimable deposit' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z', description: 'Last claimable deposit' })
  updatedAt: string;

  @ApiProperty({ type: CurrencyResponseDto })
  currency: CurrencyResponseDto;

  @ApiProperty({ example: '12.5', description: 'Sum of the claimable deposits, whole units' })
  amount: string;

  @ApiProperty({ example: 2, description: 'Number of claimable deposits' })
  transactions: number;
}

export class ClaimsResponseDto extends PageDto {
  @ApiProperty({ type: [ClaimItemDto] })
  items: ClaimItemDto[];
}
