import { ApiProperty } from '@nestjs/swagger';
import type { Currency } from './catalog';

/** Each catalog currency's answer, built by `CurrencyResponseDto.from` the first time it is asked for. */
const wireForms = new WeakMap<Currency, CurrencyResponseDto>();

export class CurrencyResponseDto {
  @ApiProperty({
    example: '1-0xdac17f958d2ee523a2206206994597c13d831ec7',
    description: '`{chainId}` for a native coin, `{chainId}-{contractAddress}` for a token.',
  })
  id: string;

  @ApiProperty({ example: 'USDT' })
  symbol: string;

  @ApiProperty({ example: 'Tether USD' })
  name: string;

  @ApiProperty({ example: '1', description: 'Chain id as a decimal string.' })
  chainId: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    description: 'Token contract (EIP-55 on EVM chains, base58check on Tron); null for a native coin.',
  })
  address: string | null;

  @ApiProperty({ type: 'integer', example: 6 })
  decimals: number;

  @ApiProperty({ example: false })
  isNative: boolean;

  @ApiProperty({ example: false })
  isScam: boolean;

  @ApiProperty({ example: true })
  isVerified: boolean;

  @ApiProperty({ type: 'integer', nullable: true, example: 825, description: 'CoinMarketCap id.' })
  cmcId: number | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://s2.coinmarketcap.com/static/img/coins/64x64/825.png' })
  logoUrl: string | null;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-21T20:02:55.123Z' })
  updatedAt: string;

  /**
   * The one mapping from the catalog's `Currency`; `this: void` so it can be passed to `map` as is.
   * Built once per currency and frozen: the catalog's currencies do not change after start
   * (CatalogService), and every list embeds one per item, so a page would otherwise build (and
   * format the dates of) the same answer once per row.
   */
  static from(this: void, currency: Currency): CurrencyResponseDto {
    let wire = wireForms.get(currency);
    if (wire === undefined) {
      wire = Object.freeze({
        id: currency.id,
        symbol: currency.symbol,
        name: currency.name,
        chainId: currency.chainId,
        address: currency.address?.display ?? null,
        decimals: currency.decimals,
        isNative: currency.isNative,
        isScam: currency.isScam,
        isVerified: currency.isVerified,
        cmcId: currency.cmcId,
        logoUrl: currency.logoUrl,
        createdAt: currency.createdAt.toISOString(),
        updatedAt: currency.updatedAt.toISOString(),
      });
      wireForms.set(currency, wire);
    }
    return wire;
  }
}
