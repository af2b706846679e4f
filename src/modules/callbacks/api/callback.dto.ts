import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID } from 'class-validator';
import { UrlField } from '../../../shared/http/body-fields';
import { PageDto, PaginationQueryDto } from '../../../shared/http/query-params';
import { IsUuidQuery } from './uuid-query';
import { CALLBACK_EVENT_TYPES, CALLBACK_OPERATION_TYPES } from '../domain/callback-event';
import type { CallbackEventType, CallbackOperationType } from '../domain/callback-event';
import { CALLBACK_STATUSES } from '../domain/callback-status';
import type { CallbackStatus } from '../domain/callback-status';
import type { CallbackRecord } from '../domain/callback.repository';

/** One callback and its latest delivery attempt (docs/contract.md, Merchants). */
export class Callback {
  @ApiProperty({ format: 'uuid', description: 'Event id: the webhook-id header, the same on every attempt' })
  id: string;

  @ApiProperty()
  url: string;

  @ApiProperty({ enum: CALLBACK_EVENT_TYPES })
  type: CallbackEventType;

  @ApiProperty({ enum: CALLBACK_STATUSES })
  status: CallbackStatus;

  @ApiProperty({ format: 'uuid', description: 'The invoice, payout or queue operation id' })
  operationId: string;

  @ApiProperty({ enum: CALLBACK_OPERATION_TYPES })
  operationType: CallbackOperationType;

  @ApiProperty({ description: 'Attempts made so far' })
  attempt: number;

  @ApiProperty({ type: String, nullable: true, example: '2026-11-21T20:02:55.123Z', description: 'Last attempt' })
  timeSent: string | null;

  @ApiProperty({ type: Number, nullable: true, description: "The receiver's status code at the last attempt" })
  responseCode: number | null;

  @ApiProperty({ type: String, nullable: true, description: "The first 1 kB of the receiver's last answer" })
  responseBody: string | null;

  static from(record: CallbackRecord): Callback {
    return {
      id: record.id,
      url: record.url,
      type: record.type,
      status: record.status,
      operationId: record.operationId,
      operationType: record.operationType,
      attempt: record.attempt,
      timeSent: record.timeSent?.toISOString() ?? null,
      responseCode: record.responseCode,
      responseBody: record.responseBody,
    };
  }
}

export class CallbacksResponseDto extends PageDto {
  @ApiProperty({ type: [Callback] })
  items: Callback[];
}

export class CallbacksQueryDto extends PaginationQueryDto {
  @IsUuidQuery('The invoice, payout or queue operation id')
  operationId: string;
}

export class ResendCallbacksDto {
  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true, message: 'each id must be a UUID' })
  ids: string[];
}

export class ResendCallbacksResponseDto {
  @ApiProperty({ description: 'FAILED callbacks put back on the schedule' })
  requeuedCount: number;
}

export class CallbackSecretResponseDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Shown once: the signing secret (Standard Webhooks), replacing any earlier one',
  })
  secret: string;
}

/** Where the account's queue notifications go (the `OPERATION_*` callbacks). */
export class CallbackSettingsDto {
  @UrlField(true, 'Receives a callback for every change of the queue of every deployment of the account; null: none')
  operationsCallbackUrl: string | null;
}
