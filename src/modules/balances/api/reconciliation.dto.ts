import { ApiProperty } from '@nestjs/swagger';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { RequiredChainId } from './balances.dto';

export class ReconciliationQueryDto {
  @RequiredChainId()
  chainId: string;
}

export class ReconciliationItemDto {
  @ApiProperty({ type: CurrencyResponseDto })
  currency: CurrencyResponseDto;

  @ApiProperty({ example: '1250.5', description: "The service's CONFIRMED ledger up to the block, whole units" })
  serviceBalance: string;

  @ApiProperty({
    example: '1250.5',
    description: "The wallet contract's own balance on chain at the block, whole units",
  })
  chainBalance: string;

  @ApiProperty({
    example: '0',
    description: 'chainBalance − serviceBalance, whole units (negative when the chain holds less)',
  })
  difference: string;
}

export class ReconciliationResponseDto {
  @ApiProperty({ example: '11155111' })
  chainId: string;

  @ApiProperty({
    example: '7012345',
    description: "The block both sides are read at: the chain's head less the network's required confirmations",
  })
  blockNumber: string;

  @ApiProperty({ example: '2026-11-26T12:00:00.000Z' })
  checkedAt: string;

  @ApiProperty({ description: 'True when every difference is "0"' })
  matches: boolean;

  @ApiProperty({
    type: [ReconciliationItemDto],
    description: 'The native coin, then every catalog token of the network that either side holds',
  })
  items: ReconciliationItemDto[];
}
