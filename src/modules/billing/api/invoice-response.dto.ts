import { ApiProperty } from '@nestjs/swagger';
import { PageDto } from '../../../shared/http/query-params';
import { INVOICE_STATUSES, InvoiceStatus } from '../domain/invoice-status';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { InvoiceWire } from '../application/invoice-presenter';

export class InvoiceResponseDto implements InvoiceWire {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '7392557291230187520', description: 'Decimal string of a unique 63-bit time-ordered number' })
  publicId: string;

  @ApiProperty({
    example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4',
    description: 'Deposit address (EIP-55, or Tron base58)',
  })
  invoiceAddress: string;

  @ApiProperty({ type: String, nullable: true, example: '12.5' })
  requestedAmount: string | null;

  @ApiProperty({ type: [CurrencyResponseDto] })
  availableCurrencies: CurrencyResponseDto[];

  @ApiProperty({ type: String, nullable: true })
  paymentPageButtonUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  paymentPageButtonText: string | null;

  @ApiProperty({ example: 'https://pay.example.com/pay/7392557291230187520' })
  paymentPageUrl: string;

  @ApiProperty({ enum: INVOICE_STATUSES })
  status: InvoiceStatus;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  updatedAt: string;

  @ApiProperty()
  isTron: boolean;

  @ApiProperty({ type: String, nullable: true, example: '12.5', description: 'Single-currency invoices only' })
  paidAmount: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '12.50',
    description: 'Multi-currency invoices: USD, 2 decimals, null when a rate is unknown',
  })
  paidAmountBaseCurrency: string | null;

  @ApiProperty({ type: String, nullable: true })
  trackingId: string | null;

  @ApiProperty({ type: String, nullable: true })
  callbackUrl: string | null;
}

export class InvoiceDetailsDto {
  @ApiProperty({ type: InvoiceResponseDto })
  invoice: InvoiceResponseDto;
}

export class InvoicesResponseDto extends PageDto {
  @ApiProperty({ type: [InvoiceResponseDto] })
  items: InvoiceResponseDto[];
}
