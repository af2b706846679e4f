import { Injectable } from '@nestjs/common';
import { Amount } from '../../../shared/domain/amount';
import { DomainError } from '../../../shared/domain/domain-error';
import { isUuid } from '../../../shared/domain/ids';
import { pageRequest } from '../../../shared/http/query-params';
import type { Caller } from '../../auth/domain/caller';
import { currencyMatcher } from '../../catalog/catalog';
import { CatalogService } from '../../catalog/catalog.service';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { GetTransactionsQueryDto } from '../api/get-transactions-query.dto';
import type {
  TransactionDetailsDto,
  TransactionListResponseDto,
  TransactionResponseDto,
} from '../api/transaction-response.dto';
import type { Deployment } from '../domain/deployment';
import { canClaim, TransactionReadRepository, TransactionRecord } from '../domain/transaction-read-model';

/** Endpoints 1-2 (SPEC §5): the read side of the transactions written by chain events. */
@Injectable()
export class TransactionsService {
  /** The catalog only changes at start: each currency's DTO is built once, not once per item. */
  private readonly currencyDtos = new WeakMap<object, CurrencyResponseDto>();

  constructor(
    private readonly transactions: TransactionReadRepository,
    private readonly catalog: CatalogService,
  ) {}

  async getTransactions(
    deployment: Deployment,
    caller: Caller,
    query: GetTransactionsQueryDto,
  ): Promise<TransactionListResponseDto> {
    const { page, pageSize, offset } = pageRequest(query);
    const { total, items } = await this.transactions.list({
      deploymentId: deployment.id,
      sortBy: query.sortBy ?? 'createdAt',
      sortOrder: query.sortOrder ?? 'desc',
      limit: pageSize,
      offset,
      idContains: query.id,
      txHashContains: query.txHash,
      createdFrom: lowerBound(query.createdFrom),
      createdTo: upperBound(query.createdTo),
      updatedFrom: lowerBound(query.updatedFrom),
      updatedTo: upperBound(query.updatedTo),
      currencyIds: await this.currencyIds(caller, query),
      statuses: query.statuses?.length ? query.statuses : undefined,
      operationId: query.operationId?.toLowerCase(),
      operationTypes: query.operationTypes?.length ? query.operationTypes : undefined,
      isClaimed: query.isClaimed,
    });
    return { total, page, pageSize, items: items.map((item) => this.toResponse(item)) };
  }

  async getTransactionDetails(deployment: Deployment, transactionId: string): Promise<TransactionDetailsDto> {
    if (!isUuid(transactionId))
      throw DomainError.field('transactionId', 'transactionId must be a UUID', 'INVALID_TRANSACTION_ID');
    const record = await this.transactions.findInDeployment(deployment.id, transactionId.toLowerCase());
    if (record === undefined) throw DomainError.notFound('TRANSACTION_NOT_FOUND', 'Transaction not found');
    const transaction = this.toResponse(record);
    return {
      transaction,
      canClaim: transaction.canClaim,
      isClaimed: transaction.isClaimed,
      invoice: transaction.invoice,
      currency: transaction.currency,
    };
  }

  /**
   * Every currency condition as one list of ids, so the query filters with `currency_id = ANY(…)`
   * and never joins the catalog. Undefined: no currency condition. Flags describe a currency, so a
   * transaction without one matches no flag filter.
   */
  private async currencyIds(caller: Caller, query: GetTransactionsQueryDto): Promise<string[] | undefined> {
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

  private toResponse(record: TransactionRecord): TransactionResponseDto {
    const currency = record.currencyId === null ? undefined : this.catalog.findCurrency(record.currencyId);
    const native = this.catalog.findCurrency(record.chainId);
    const amount =
      currency === undefined
        ? '0'
        : Amount.fromBaseUnits(
            record.direction === 'OUT' ? -record.amount : record.amount,
            currency.decimals,
          ).toDecimalString();
    return {
      id: record.id,
      direction: record.direction,
      status: record.status,
      chainId: record.chainId,
      txHash: record.txHash,
      currencyId: record.currencyId,
      amount,
      fromAddress: record.fromAddress,
      toAddress: record.toAddress,
      operationId: record.operationId,
      operationType: record.operationType,
      blockNumber: record.blockNumber,
      blockchainFee:
        record.blockchainFee === null
          ? null
          : Amount.fromBaseUnits(record.blockchainFee, native?.decimals ?? 18).toDecimalString(),
      confirmations: record.confirmations,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      canClaim: canClaim(record),
      isClaimed: record.isClaimed,
      invoiceId: record.invoiceId,
      confirmedAt: record.confirmedAt?.toISOString() ?? null,
      invoice: record.invoice,
      currency: currency === undefined ? null : this.currencyDto(currency),
    };
  }

  private currencyDto(currency: Parameters<typeof CurrencyResponseDto.from>[0]): CurrencyResponseDto {
    let dto = this.currencyDtos.get(currency);
    if (dto === undefined) {
      dto = CurrencyResponseDto.from(currency);
      this.currencyDtos.set(currency, dto);
    }
    return dto;
  }
}

/**
 * Stored timestamps have millisecond precision, so an inclusive bound given finer is rounded
 * inward to the millisecond: `created_at >= 10.0005` is `created_at >= 10.001`.
 */
function lowerBound(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return new Date(subMillisecond(value) ? ms + 1 : ms).toISOString();
}

function upperBound(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(Date.parse(value)).toISOString();
}

function subMillisecond(value: string): boolean {
  const fraction = /\.(\d+)/.exec(value)?.[1] ?? '';
  return /[1-9]/.test(fraction.slice(3));
}
