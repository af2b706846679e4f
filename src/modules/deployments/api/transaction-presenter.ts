import { Injectable } from '@nestjs/common';
import { Amount } from '../../../shared/domain/amount';
import { fiatCents, fiatValue } from '../../../shared/domain/fiat';
import { CatalogService } from '../../catalog/catalog.service';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { canClaim, TransactionRecord } from '../domain/transaction-read-model';
import {
  FiatAtConfirmationDto,
  TransactionDetailsDto,
  TransactionListResponseDto,
  TransactionResponseDto,
} from './transaction-response.dto';

/** An export row: the list's item and its value in fiat at confirmation. */
export type TransactionExportRow = TransactionResponseDto & {
  readonly fiatAtConfirmation: FiatAtConfirmationDto | null;
};

/** Maps stored transactions to the contract's DTOs: signed whole-unit amounts, the catalog currency, ISO dates. */
@Injectable()
export class TransactionPresenter {
  constructor(private readonly catalog: CatalogService) {}

  presentPage(page: {
    total: number;
    page: number;
    pageSize: number;
    items: readonly TransactionRecord[];
  }): TransactionListResponseDto {
    return {
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      items: page.items.map((item) => this.present(item)),
    };
  }

  presentDetails(record: TransactionRecord): TransactionDetailsDto {
    const transaction = this.present(record);
    return {
      transaction,
      canClaim: transaction.canClaim,
      isClaimed: transaction.isClaimed,
      invoice: transaction.invoice,
      currency: transaction.currency,
      fiatAtConfirmation: this.fiatAtConfirmation(record),
    };
  }

  presentExportRow(record: TransactionRecord): TransactionExportRow {
    return { ...this.present(record), fiatAtConfirmation: this.fiatAtConfirmation(record) };
  }

  /** The signed amount at each stored rate, to the cent; null until CONFIRMED or without any rate. */
  fiatAtConfirmation(record: TransactionRecord): FiatAtConfirmationDto | null {
    const rates = record.ratesAtConfirmation;
    const currency = record.currencyId === null ? undefined : this.catalog.findCurrency(record.currencyId);
    if (record.status !== 'CONFIRMED' || rates === null || currency === undefined) return null;
    const signed = record.direction === 'OUT' ? -record.amount : record.amount;
    const at = (rate: string | null) => {
      const value = fiatValue(signed, currency.decimals, rate);
      return value === null ? null : fiatCents(value);
    };
    return { usd: at(rates.usd), eur: at(rates.eur), cny: at(rates.cny) };
  }

  present(record: TransactionRecord): TransactionResponseDto {
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
      // Always a string (docs/contract.md, Wire details): "0" while the fee is unknown.
      blockchainFee: Amount.fromBaseUnits(record.blockchainFee ?? 0n, native?.decimals ?? 18).toDecimalString(),
      confirmations: record.confirmations,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      canClaim: canClaim(record),
      isClaimed: record.isClaimed,
      invoiceId: record.invoiceId,
      confirmedAt: record.confirmedAt?.toISOString() ?? null,
      invoice: record.invoice,
      currency: currency === undefined ? null : CurrencyResponseDto.from(currency),
    };
  }
}
