import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_NEW_PAYEE_DELAY_HOURS } from '../domain/payout-policy';

export class PayoutLimitDto {
  @ApiProperty({ example: '1-0xdac17f958d2ee523a2206206994597c13d831ec7' })
  @IsString()
  @MaxLength(120)
  currencyId: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '10000',
    description: 'Largest single payout, whole units (inclusive); null: none',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  maxPerPayout: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '50000',
    description:
      'Largest total of the last 24 h (CANCELED and FAILED excluded, this payout included), whole units; null: none',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  maxPer24h: string | null;
}

export class PayoutPolicyDto {
  @ApiProperty({ default: false, description: 'Only APPROVED address-book entries may be paid' })
  @IsBoolean()
  addressBookOnly: boolean;

  @ApiProperty({
    default: true,
    description: 'Refuse payees that look like a known payee (first 3 and last 4 hex digits)',
  })
  @IsBoolean()
  blockLookalikes: boolean;

  @ApiProperty({
    default: 0,
    minimum: 0,
    maximum: MAX_NEW_PAYEE_DELAY_HOURS,
    description: 'Hours after its approval before an entry may be paid',
  })
  @IsInt()
  @Min(0)
  @Max(MAX_NEW_PAYEE_DELAY_HOURS)
  newPayeeDelayHours: number;

  @ApiProperty({ type: [PayoutLimitDto] })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => PayoutLimitDto)
  limits: PayoutLimitDto[];
}
