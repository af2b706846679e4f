import { ValidateBy } from 'class-validator';
import { isUuid } from '../../../shared/domain/ids';
import { CommonListQueryDto, QueryCurrencyIds } from '../../../shared/http/list-query.dto';
import { QueryArray, QueryBoolean, QueryText } from '../../../shared/http/query-params';
import {
  TRANSACTION_OPERATION_TYPES,
  TRANSACTION_STATUSES,
  TransactionOperationType,
  TransactionStatus,
} from '../../../shared/domain/transaction-status';

/** Endpoint 1's parameters (seed, docs/api-conventions.md). */
export class GetTransactionsQueryDto extends CommonListQueryDto {
  @QueryText({ description: 'Case-insensitive substring of the transaction hash' })
  txHash?: string;

  @QueryCurrencyIds('Currency ids, `{chainId}` or `{chainId}-{contractAddress}`')
  currencyIds?: string[];

  @QueryArray({ enum: TRANSACTION_STATUSES })
  statuses?: TransactionStatus[];

  @QueryText({ description: 'Exact operation id (for invoice deposits, the invoice id)' })
  @ValidateBy({
    name: 'isUuid',
    validator: {
      validate: (value) => typeof value === 'string' && isUuid(value),
      defaultMessage: () => 'operationId must be a UUID',
    },
  })
  operationId?: string;

  @QueryArray({ enum: TRANSACTION_OPERATION_TYPES })
  operationTypes?: TransactionOperationType[];

  @QueryBoolean()
  isClaimed?: boolean;

  @QueryBoolean()
  currencyIsScam?: boolean;

  @QueryBoolean()
  currencyIsVerified?: boolean;

  @QueryBoolean("Only for JWT callers: filter by the caller's hidden currencies; ignored for API keys")
  currencyIsHidden?: boolean;
}
