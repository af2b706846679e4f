import { Injectable } from '@nestjs/common';
import { lowerTimestampBound, upperTimestampBound } from '../../../shared/domain/timestamp-bounds';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import type { Caller } from '../../auth/domain/caller';
import { currencyMatcher } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import type { Deployment } from '../domain/deployment';
import {
  TransactionFilter,
  TransactionReadRepository,
  TransactionRecord,
  TransactionSortField,
} from '../domain/transaction-read-model';
import type { TransactionOperationType, TransactionStatus } from '../../../shared/domain/transaction-status';

/** Endpoint 1's filters and sort, as the controller parsed them; the export takes these alone. */
export interface TransactionFilterQuery {
  readonly sortBy?: TransactionSortField;
  readonly sortOrder?: 'asc' | 'desc';
  readonly id?: string;
  readonly txHash?: string;
  readonly createdFrom?: string;
  readonly createdTo?: string;
  readonly updatedFrom?: string;
  readonly updatedTo?: string;
  readonly currencyIds?: readonly string[];
  readonly statuses?: readonly TransactionStatus[];
  readonly operationId?: string;
  readonly operationTypes?: readonly TransactionOperationType[];
  readonly isClaimed?: boolean;
  readonly currencyIsScam?: boolean;
  readonly currencyIsVerified?: boolean;
  readonly currencyIsHidden?: boolean;
}

/** One page of the list. */
export interface TransactionListQuery extends TransactionFilterQuery {
  readonly limit: number;
  readonly offset: string;
}

/** Endpoints 1-2 (docs/contract.md, Transactions): the read side of the transactions written by chain events. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionReadRepository,
    private readonly catalog: CatalogService,
  ) {}

  async getTransactions(
    deployment: Deployment,
    caller: Caller,
    query: TransactionListQuery,
  ): Promise<{ total: number; items: TransactionRecord[] }> {
    return this.transactions.list({
      ...(await this.filterOf(deployment, caller, query)),
      limit: query.limit,
      offset: query.offset,
    });
  }

  /** Every transaction the list would show for `query` (all its pages), at most `maxRows`, in batches. */
  async exportTransactions(
    deployment: Deployment,
    caller: Caller,
    query: TransactionFilterQuery,
    maxRows: number,
  ): Promise<AsyncIterable<TransactionRecord[]>> {
    return this.transactions.export(await this.filterOf(deployment, caller, query), maxRows);
  }

  private async filterOf(
    deployment: Deployment,
    caller: Caller,
    query: TransactionFilterQuery,
  ): Promise<TransactionFilter> {
    return {
      deploymentId: deployment.id,
      sortBy: query.sortBy ?? 'createdAt',
      sortOrder: query.sortOrder ?? 'desc',
      idContains: query.id,
      txHashContains: query.txHash,
      createdFrom: lowerTimestampBound(query.createdFrom)?.toISOString(),
      createdTo: upperTimestampBound(query.createdTo)?.toISOString(),
      updatedFrom: lowerTimestampBound(query.updatedFrom)?.toISOString(),
      updatedTo: upperTimestampBound(query.updatedTo)?.toISOString(),
      currencyIds: await this.currencyIds(caller, query),
      statuses: query.statuses?.length ? query.statuses : undefined,
      operationId: query.operationId?.toLowerCase(),
      operationTypes: query.operationTypes?.length ? query.operationTypes : undefined,
      isClaimed: query.isClaimed,
    };
  }

  async getTransactionDetails(deployment: Deployment, transactionId: string): Promise<TransactionRecord> {
    if (!isUuid(transactionId))
      throw DomainError.field('transactionId', 'transactionId must be a UUID', 'INVALID_TRANSACTION_ID');
    const record = await this.transactions.findInDeployment(deployment.id, transactionId.toLowerCase());
    if (record === undefined) throw DomainError.notFound('TRANSACTION_NOT_FOUND', 'Transaction not found');
    return record;
  }

  /**
   * Every currency condition as one list of ids, so the query filters with `currency_id = ANY(…)`
   * and never joins the catalog. Undefined: no currency condition. Flags describe a currency, so a
   * transaction without one matches no flag filter.
   */
  private async currencyIds(caller: Caller, query: TransactionFilterQuery): Promise<string[] | undefined> {
    const hiddenApplies = query.currencyIsHidden !== undefined && caller.kind === 'jwt';
    const flagged = query.currencyIsScam !== undefined || query.currencyIsVerified !== undefined || hiddenApplies;
    // Ids as stored (EVM addresses lowercase); an id the catalog does not know is kept as given.
    const requested = query.currencyIds?.length
      ? [...new Set(query.currencyIds.map((id) => this.catalog.findCurrency(id)?.id ?? id))]
      : undefined;
    if (!flagged) return requested;

    const hidden = hiddenApplies ? new Set(await this.transactions.hiddenCurrencyIds(caller.memberId)) : undefined;
    const flags = currencyMatcher({ isScam: query.currencyIsScam, isVerified: query.currencyIsVerified });
    const candidates =
      requested === undefined
        ? this.catalog.listCurrencies({}, { by: 'createdAt', order: 'asc' })
        : requested.flatMap((id) => this.catalog.findCurrency(id) ?? []);
    return candidates
      .filter(
        (currency) => flags(currency) && (hidden === undefined || hidden.has(currency.id) === query.currencyIsHidden),
      )
      .map((currency) => currency.id);
  }
}
