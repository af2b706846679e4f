import { ApiProperty } from '@nestjs/swagger';
import { PageDto } from '../../../shared/http/query-params';
import { CurrencyResponseDto } from '../../catalog/currency-response.dto';
import type { PayoutWire } from '../application/payout-presenter';
import { PAYOUT_STATUSES, PayoutStatus } from '../domain/payout-status';

export class PayoutResponseDto implements PayoutWire {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '1-0xdac17f958d2ee523a2206206994597c13d831ec7' })
  currencyId: string;

  @ApiProperty({ example: '12.5', description: 'Whole units of the currency' })
  amount: string;

  @ApiProperty({ example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4', description: 'EIP-55, or Tron base58' })
  toAddress: string;

  @ApiProperty()
  isTron: boolean;

  @ApiProperty({ format: 'uuid' })
  deploymentId: string;

  @ApiProperty({ type: String, nullable: true })
  trackingId: string | null;

  @ApiProperty({ type: String, nullable: true })
  callbackUrl: string | null;

  @ApiProperty({ format: 'uuid', description: 'The PAYOUT queue operation that carries this payout' })
  queueOperationId: string;

  @ApiProperty({ example: '17' })
  nonce: string;

  @ApiProperty({ enum: PAYOUT_STATUSES })
  status: PayoutStatus;

  @ApiProperty({ description: "Creator's address" })
  createdBy: string;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  updatedAt: string;

  @ApiProperty({ type: CurrencyResponseDto })
  currency: CurrencyResponseDto;
}

/** The seed names the read shape separately; it is the same payout. */
export class PayoutDetailResponseDto extends PayoutResponseDto {}

export class PayoutListResponseDto extends PageDto {
  @ApiProperty({ type: [PayoutDetailResponseDto] })
  items: PayoutDetailResponseDto[];
}
