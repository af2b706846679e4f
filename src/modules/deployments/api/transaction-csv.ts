import type { CsvColumn } from '../../../shared/http/csv';
import type { TransactionExportRow } from './transaction-presenter';

/**
 * The transactions export's columns, filled from the list's own item DTO (so values read as in the
 * API) and the details' `fiatAtConfirmation` (empty cells where it is null).
 */
export const TRANSACTION_CSV_COLUMNS: readonly CsvColumn<TransactionExportRow>[] = [
  { header: 'id', value: (t) => t.id },
  { header: 'createdAt', value: (t) => t.createdAt },
  { header: 'updatedAt', value: (t) => t.updatedAt },
  { header: 'confirmedAt', value: (t) => t.confirmedAt },
  { header: 'direction', value: (t) => t.direction },
  { header: 'status', value: (t) => t.status },
  { header: 'chainId', value: (t) => t.chainId },
  { header: 'txHash', value: (t) => t.txHash },
  { header: 'currencyId', value: (t) => t.currencyId },
  { header: 'currencySymbol', value: (t) => t.currency?.symbol ?? null },
  { header: 'amount', value: (t) => t.amount },
  { header: 'amountUsd', value: (t) => t.fiatAtConfirmation?.usd ?? null },
  { header: 'amountEur', value: (t) => t.fiatAtConfirmation?.eur ?? null },
  { header: 'amountCny', value: (t) => t.fiatAtConfirmation?.cny ?? null },
  { header: 'blockchainFee', value: (t) => t.blockchainFee },
  { header: 'fromAddress', value: (t) => t.fromAddress },
  { header: 'toAddress', value: (t) => t.toAddress },
  { header: 'operationType', value: (t) => t.operationType },
  { header: 'operationId', value: (t) => t.operationId },
  { header: 'invoiceId', value: (t) => t.invoiceId },
  { header: 'invoiceTrackingId', value: (t) => t.invoice?.trackingId ?? null, freeText: true },
  { header: 'invoiceStatus', value: (t) => t.invoice?.status ?? null },
  { header: 'blockNumber', value: (t) => t.blockNumber },
  { header: 'confirmations', value: (t) => t.confirmations },
  { header: 'canClaim', value: (t) => t.canClaim },
  { header: 'isClaimed', value: (t) => t.isClaimed },
];
