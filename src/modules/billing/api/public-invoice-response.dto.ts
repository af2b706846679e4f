import { ApiProperty, PickType } from '@nestjs/swagger';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { TRANSACTION_STATUSES, TransactionStatus } from '../../../shared/domain/transaction-status';
import type { PublicDepositWire, PublicInvoiceWire } from '../application/invoice-presenter';
import { InvoiceResponseDto } from './invoice-response.dto';

/**
 * What anyone holding the payment page link may see (docs/contract.md, Merchants): enough to pay, nothing that is the
 * merchant's own (no id, trackingId, callbackUrl). The fields are the invoice's, picked so their
 * documentation cannot drift apart, plus the chain the address lives on.
 */
export class PublicInvoiceResponseDto
  extends PickType(InvoiceResponseDto, [
    'publicId',
    'invoiceAddress',
    'requestedAmount',
    'availableCurrencies',
    'paymentPageButtonUrl',
    'paymentPageButtonText',
    'status',
    'createdAt',
    'isTron',
    'paidAmount',
  ] as const)
  implements PublicInvoiceWire
{
  @ApiProperty({ example: '1' })
  chainId: string;
}

/** One deposit to the invoice's address, as the payer sees it. */
export class PublicInvoiceTransactionDto implements PublicDepositWire {
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
