import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, Matches } from 'class-validator';
import { BASE_CURRENCIES, type BaseCurrency } from '../../../config/app-config';
import { QueryCurrencyIds } from '../../../shared/http/list-query.dto';
import { PageDto, PaginationQueryDto, QueryBoolean, QueryEnum } from '../../../shared/http/query-params';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';

export function RequiredChainId(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ example: '1', description: 'The chain (the account contract on that network)' })(target, key);
    IsDefined({ message: 'chainId is required' })(target, key);
    IsString({ message: 'chainId must be a single string' })(target, key);
    Matches(/^\d{1,20}$/, { message: 'chainId must be a decimal chain id' })(target, key);
  };
}

function RequiredBaseCurrency(): PropertyDecorator {
  return (target, key) => {
    ApiProperty({ enum: BASE_CURRENCIES, example: 'usd', description: 'Fiat currency of converted values' })(
      target,
      key,
    );
    IsDefined({ message: 'baseCurrency is required' })(target, key);
    IsIn(BASE_CURRENCIES, { message: `baseCurrency must be one of: ${BASE_CURRENCIES.join(', ')}` })(target, key);
  };
}

class AssetFilterQueryDto extends PaginationQueryDto {
  @QueryCurrencyIds('Only these currencies')
  currencyIds?: string[];

  @QueryBoolean()
  isScam?: boolean;

  @QueryBoolean()
  isVerified?: boolean;

  @QueryBoolean('JWT callers only: their own hidden currencies; ignored for API keys')
  isHidden?: boolean;
}

export class AssetBalancesQueryDto extends AssetFilterQueryDto {
  @RequiredBaseCurrency()
  baseCurrency: BaseCurrency;

  @RequiredChainId()
  chainId: string;

  @QueryEnum(['balance', 'converted_balance'], {
    default: 'balance',
    description: 'converted_balance: currencies without a rate come last in either order',
  })
  sortBy?: 'balance' | 'converted_balance';

  @QueryEnum(['asc', 'desc'], { default: 'desc' })
  sortOrder?: 'asc' | 'desc';
}

/** `/balances` takes the same filters without paging or conversion. */
export class ShortAssetBalancesQueryDto {
  @RequiredChainId()
  chainId: string;

  @QueryCurrencyIds('Only these currencies')
  currencyIds?: string[];

  @QueryBoolean()
  isScam?: boolean;

  @QueryBoolean()
  isVerified?: boolean;

  @QueryBoolean('JWT callers only: their own hidden currencies; ignored for API keys')
  isHidden?: boolean;
}

export class BalanceSummaryQueryDto {
  @RequiredBaseCurrency()
  baseCurrency: BaseCurrency;

  @RequiredChainId()
  chainId: string;
}

export class AssetBalanceDto {
  @ApiProperty({ type: CurrencyResponseDto })
  currency: CurrencyResponseDto;

  @ApiProperty({ example: '1250.5', description: 'Whole units, exact decimal string' })
  balance: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '1250.6251',
    description: 'balance × rate in baseCurrency, exact; null when no rate is known',
  })
  convertedBalance: string | null;

  @ApiPropertyOptional({ example: false, description: 'JWT callers only' })
  isHidden?: boolean;
}

export class AssetBalancesResponseDto extends PageDto {
  @ApiProperty({ type: [AssetBalanceDto] })
  items: AssetBalanceDto[];
}

export class AssetBalanceShortResponseDto {
  @ApiProperty({ type: CurrencyResponseDto })
  currency: CurrencyResponseDto;

  @ApiProperty({ example: '1250.5' })
  balance: string;

  @ApiPropertyOptional({ example: false, description: 'JWT callers only' })
  isHidden?: boolean;
}

export class BalanceSummaryResponseDto {
  @ApiProperty({ example: '4251.75', description: 'Σ balance × rate over currencies with a rate (exact)' })
  totalBalance: string;

  @ApiProperty({ example: '120.5', description: 'Σ unclaimed invoice deposits × rate (exact)' })
  uncollectedBalance: string;

  @ApiProperty({ example: 3, description: 'Invoices with unclaimed deposits' })
  uncollectedInvoices: number;

  @ApiProperty({ example: true, description: 'False when a currency with a balance has no rate' })
  allRatesReceived: boolean;
}
