import { ApiProperty } from '@nestjs/swagger';
import { CATALOG_SEEDED_AT, CatalogCurrency } from '../infrastructure/catalog-lookup';

/**
 * The catalog's currency shape (SPEC §4). Written here until the catalog branch is merged; the
 * lead dedupes it to the catalog's class then (same name, same fields).
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

  @ApiProperty({ example: '2025-01-01T00:00:00.000Z' })
  createdAt: string;

  @ApiProperty({ example: '2025-01-01T00:00:00.000Z' })
  updatedAt: string;
}

export function toCurrencyResponse(currency: CatalogCurrency): CurrencyResponseDto {
  return {
    id: currency.id,
    symbol: currency.symbol,
    name: currency.name,
    chainId: currency.chainId,
    address: currency.address,
    decimals: currency.decimals,
    isNative: currency.isNative,
    isScam: currency.isScam,
    isVerified: currency.isVerified,
    cmcId: currency.cmcId,
    logoUrl: currency.logoUrl,
    createdAt: CATALOG_SEEDED_AT.toISOString(),
    updatedAt: CATALOG_SEEDED_AT.toISOString(),
  };
}
