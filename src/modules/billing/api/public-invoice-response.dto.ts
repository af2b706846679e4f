import { ApiProperty } from '@nestjs/swagger';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { TRANSACTION_STATUSES, TransactionStatus } from '../../../shared/domain/transaction-status';
import { INVOICE_STATUSES, InvoiceStatus } from '../domain/invoice-status';

/**
 * What anyone holding the payment page link may see (SPEC §13): enough to pay, nothing that is the
 * merchant's own (no id, trackingId, callbackUrl).
 */
export class PublicInvoiceResponseDto {
  @ApiProperty({ example: '7392557291230187520' })
  publicId: string;

  @ApiProperty({ example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4' })
  invoiceAddress: string;

  @ApiProperty({ example: '1' })
  chainId: string;

  @ApiProperty({ type: String, nullable: true, example: '12.5' })
  requestedAmount: string | null;

  @ApiProperty({ type: [CurrencyResponseDto] })
  availableCurrencies: CurrencyResponseDto[];

  @ApiProperty({ type: String, nullable: true })
  paymentPageButtonUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  paymentPageButtonText: string | null;

  @ApiProperty({ enum: INVOICE_STATUSES })
  status: InvoiceStatus;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  @ApiProperty()
  isTron: boolean;

  @ApiProperty({ type: String, nullable: true, example: '12.5', description: 'Single-currency invoices only' })
  paidAmount: string | null;
}

/** One deposit to the invoice's address, as the payer sees it. */
export class PublicInvoiceTransactionDto {
  @ApiProperty()
  txHash: string;

  @ApiProperty({ example: '12.5', description: 'In whole units of the currency' })
  amount: string;

  @ApiProperty({
    type: CurrencyResponseDto,
    nullable: true,
    description: 'Null for a currency the catalog does not know',
  })
  currency: CurrencyResponseDto | null;

  @ApiProperty({ enum: TRANSACTION_STATUSES })
  status: TransactionStatus;

  @ApiProperty()
  confirmations: number;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;
}
