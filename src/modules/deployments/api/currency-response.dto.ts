import { ApiProperty } from '@nestjs/swagger';

/**
 * SPEC §4's currency shape, embedded in transactions. The catalog branch owns this class; this
 * copy keeps the deployments context compiling until the lead dedupes it at merge.
 */
export class CurrencyResponseDto {
  @ApiProperty({ example: '1-0xdac17f958d2ee523a2206206994597c13d831ec7' })
  id: string;

  @ApiProperty({ example: 'USDT' })
  symbol: string;

  @ApiProperty({ example: 'Tether USD' })
  name: string;

  @ApiProperty({ example: '1' })
  chainId: string;

  @ApiProperty({ type: String, nullable: true, example: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })
  address: string | null;

  @ApiProperty({ example: 6 })
  decimals: number;

  @ApiProperty()
  isNative: boolean;

  @ApiProperty()
  isScam: boolean;

  @ApiProperty()
  isVerified: boolean;

  @ApiProperty({ type: Number, nullable: true, example: 825 })
  cmcId: number | null;

  @ApiProperty({ type: String, nullable: true })
  logoUrl: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}
