import { ApiProperty } from '@nestjs/swagger';
import {
  TRANSACTION_DIRECTIONS,
  TRANSACTION_OPERATION_TYPES,
  TRANSACTION_STATUSES,
} from '../../../shared/domain/transaction-status';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import { PageDto } from '../../../shared/http/query-params';

export class TransactionInvoiceDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, nullable: true })
  trackingId: string | null;

  @ApiProperty({ enum: ['CREATED', 'PAID', 'UNRESOLVED'] })
  status: string;
}

/** One transaction (docs/contract.md, Transactions), as listed and inside `TransactionDetailsDto`. */
export class TransactionResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: TRANSACTION_DIRECTIONS })
  direction: string;

  @ApiProperty({ enum: TRANSACTION_STATUSES })
  status: string;

  @ApiProperty({ example: '1' })
  chainId: string;

  @ApiProperty({ description: 'EVM: 0x + 64 hex; Tron: 64 hex' })
  txHash: string;

  @ApiProperty({ type: String, nullable: true })
  currencyId: string | null;

  @ApiProperty({
    example: '-12.5',
    description: 'Whole units of the currency, negative for OUT; "0" without a currency',
  })
  amount: string;

  @ApiProperty({ type: String, nullable: true })
  fromAddress: string | null;

  @ApiProperty({ type: String, nullable: true })
  toAddress: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The invoice id for invoice deposits, the queue operation id for executions',
  })
  operationId: string | null;

  @ApiProperty({ enum: TRANSACTION_OPERATION_TYPES })
  operationType: string;

  @ApiProperty({ type: String, nullable: true, example: '19876543' })
  blockNumber: string | null;

  @ApiProperty({ type: String, example: '0.00042', description: 'In the chain\'s native coin; "0" while unknown' })
  blockchainFee: string;

  @ApiProperty()
  confirmations: number;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;

  @ApiProperty()
  canClaim: boolean;

  @ApiProperty()
  isClaimed: boolean;

  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  invoiceId: string | null;

  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  confirmedAt: string | null;

  @ApiProperty({ type: TransactionInvoiceDto, nullable: true })
  invoice: TransactionInvoiceDto | null;

  @ApiProperty({ type: CurrencyResponseDto, nullable: true })
  currency: CurrencyResponseDto | null;
}

export class TransactionListResponseDto extends PageDto {
  @ApiProperty({ type: [TransactionResponseDto] })
  items: TransactionResponseDto[];
}

/** A transaction's signed amount in fiat at the rates of the moment it became CONFIRMED. */
export class FiatAtConfirmationDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '-301.25',
    description: 'USD, 2 decimals, half up; null without a rate then',
  })
  usd: string | null;

  @ApiProperty({ type: String, nullable: true, example: '-277.15', description: 'EUR, as usd' })
  eur: string | null;

  @ApiProperty({ type: String, nullable: true, example: '-2180.05', description: 'CNY, as usd' })
  cny: string | null;
}

export class TransactionDetailsDto {
  @ApiProperty({ type: TransactionResponseDto })
  transaction: TransactionResponseDto;

  @ApiProperty()
  canClaim: boolean;

  @ApiProperty()
  isClaimed: boolean;

  @ApiProperty({ type: TransactionInvoiceDto, nullable: true })
  invoice: TransactionInvoiceDto | null;

  @ApiProperty({ type: CurrencyResponseDto, nullable: true })
  currency: CurrencyResponseDto | null;

  @ApiProperty({
    type: FiatAtConfirmationDto,
    nullable: true,
    description:
      'The signed amount × the rate stored when the transaction became CONFIRMED; null until then, or when no rate was known then',
  })
  fiatAtConfirmation: FiatAtConfirmationDto | null;
}
