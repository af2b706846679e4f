import { IsUUID } from 'class-validator';
import { QueryCurrencyIds } from '../../../shared/http/list-query.dto';
import {
  PaginationQueryDto,
  QueryBoolean,
  QueryEnum,
  QueryText,
  QueryTimestamp,
} from '../../../shared/http/query-params';

export class ClaimsQueryDto extends PaginationQueryDto {
  @QueryEnum(['createdAt', 'updatedAt'], {
    default: 'createdAt',
    description: 'createdAt: first deposit; updatedAt: last deposit',
  })
  sortBy?: 'createdAt' | 'updatedAt';

  @QueryEnum(['asc', 'desc'], { default: 'desc' })
  sortOrder?: 'asc' | 'desc';

  @QueryTimestamp('Inclusive lower bound of the first deposit time')
  createdFrom?: string;

  @QueryTimestamp('Inclusive upper bound of the first deposit time')
  createdTo?: string;

  @QueryTimestamp('Inclusive lower bound of the last deposit time')
  updatedFrom?: string;

  @QueryTimestamp('Inclusive upper bound of the last deposit time')
  updatedTo?: string;

  @QueryCurrencyIds('Claims in any of these currencies')
  currencyIds?: string[];

  @QueryText({ description: 'Only this invoice' })
  @IsUUID('all', { message: 'invoiceId must be a UUID' })
  invoiceId?: string;

  @QueryBoolean()
  currencyIsScam?: boolean;

  @QueryBoolean()
  currencyIsVerified?: boolean;

  @QueryBoolean('JWT callers only: their own hidden currencies; ignored for API keys')
  currencyIsHidden?: boolean;
}
