import { ValidateBy } from 'class-validator';
import { isUuid } from '../../../shared/domain/ids';
import { PaginationQueryDto, QueryArray, QueryBoolean, QueryEnum, QueryText, QueryTimestamp } from '../../../shared/http/query-params';
import { TRANSACTION_SORT_FIELDS, TransactionSortField } from '../domain/transaction-read-model';
import { TRANSACTION_OPERATION_TYPES, TRANSACTION_STATUSES, TransactionOperationType, TransactionStatus } from '../domain/transaction-status';

const CURRENCY_ID = /^[0-9]+(-[0-9A-Za-z]+)?$/;

/** Endpoint 1's parameters (seed, SPEC §1.2 and §5). */
export class GetTransactionsQueryDto extends PaginationQueryDto {
  @QueryEnum(TRANSACTION_SORT_FIELDS, { default: 'createdAt' })
  sortBy?: TransactionSortField;

  @QueryEnum(['asc', 'desc'], { default: 'desc' })
  sortOrder?: 'asc' | 'desc';

  @QueryText({ description: 'Case-insensitive substring of the transaction id' })
  id?: string;

  @QueryText({ description: 'Case-insensitive substring of the transaction hash' })
  txHash?: string;

  @QueryTimestamp('Inclusive lower bound of createdAt')
  createdFrom?: string;

  @QueryTimestamp('Inclusive upper bound of createdAt')
  createdTo?: string;

  @QueryTimestamp('Inclusive lower bound of updatedAt')
  updatedFrom?: string;

  @QueryTimestamp('Inclusive upper bound of updatedAt')
  updatedTo?: string;

  @QueryArray({
    description: 'Currency ids, `{chainId}` or `{chainId}-{contractAddress}`',
    itemValidator: ValidateBy({
      name: 'isCurrencyId',
      validator: {
        validate: (value) => Array.isArray(value) && value.every((id) => typeof id === 'string' && CURRENCY_ID.test(id)),
        defaultMessage: () => 'each value of currencyIds must be {chainId} or {chainId}-{contractAddress}',
      },
    }),
  })
  currencyIds?: string[];

  @QueryArray({ enum: TRANSACTION_STATUSES })
  statuses?: TransactionStatus[];

  @QueryText({ description: 'Exact operation id (for invoice deposits, the invoice id)' })
  @ValidateBy({ name: 'isUuid', validator: { validate: (value) => typeof value === 'string' && isUuid(value), defaultMessage: () => 'operationId must be a UUID' } })
  operationId?: string;

  @QueryArray({ enum: TRANSACTION_OPERATION_TYPES })
  operationTypes?: TransactionOperationType[];

  @QueryBoolean()
  isClaimed?: boolean;

  @QueryBoolean()
  currencyIsScam?: boolean;

  @QueryBoolean()
  currencyIsVerified?: boolean;

  @QueryBoolean('Only for JWT callers: filter by the caller\'s hidden currencies; ignored for API keys')
  currencyIsHidden?: boolean;
}
