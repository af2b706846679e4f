import { ApiProperty } from '@nestjs/swagger';
import { PageDto } from '../../../shared/http/query-params';
import { AUDIT_ACTIONS, AUDIT_VIAS, AuditAction, AuditVia } from '../domain/audit-event';

export class AuditActorDto {
  @ApiProperty({ example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4', description: 'EIP-55, or Tron base58' })
  address: string;

  @ApiProperty({
    enum: AUDIT_VIAS,
    description: 'API_KEY (x-api-key), TOKEN (token-service bearer), SESSION (wallet sign-in), CLI (server shell)',
  })
  via: AuditVia;

  @ApiProperty({ type: String, nullable: true, description: 'The scoped API key used; null otherwise' })
  keyId: string | null;
}

export class AuditTargetDto {
  @ApiProperty({ example: 'invoice', description: 'invoice, payout, queue_operation, account, member, api_key, …' })
  type: string;

  @ApiProperty({ example: '019a5b2e-8c1d-7f00-9a3b-4c5d6e7f8a9b' })
  id: string;
}

export class AuditEventResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: '2026-11-21T20:02:55.123Z' })
  createdAt: string;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: AuditAction;

  @ApiProperty({ type: AuditActorDto })
  actor: AuditActorDto;

  @ApiProperty({ type: AuditTargetDto })
  target: AuditTargetDto;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'What changed: a field and its value, or {from, to} for an update; never a secret',
    example: { name: { from: 'Shop', to: 'Shop EU' } },
  })
  changes: Record<string, unknown> | null;

  @ApiProperty({ type: String, nullable: true, description: 'The X-Request-Id of the request that made the change' })
  requestId: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The client's IP address" })
  clientAddress: string | null;
}

export class AuditEventsResponseDto extends PageDto {
  @ApiProperty({ type: [AuditEventResponseDto] })
  items: AuditEventResponseDto[];
}
