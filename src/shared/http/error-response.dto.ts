import { ApiProperty } from '@nestjs/swagger';

export class ErrorDetailDto {
  @ApiProperty({ example: 'trackingId' })
  field: string;

  @ApiProperty({ example: 'must match ^[A-Za-z0-9-]+$' })
  message: string;
}

export class ErrorResponseDto {
  @ApiProperty({ example: 409 })
  statusCode: number;

  @ApiProperty({ example: 'Conflict' })
  error: string;

  @ApiProperty({ example: 'INVOICE_TRACKING_ID_EXISTS', description: 'Stable machine-readable code.' })
  code: string;

  @ApiProperty({ example: '[ERR_409] Invoice with this tracking ID already exists' })
  message: string;

  @ApiProperty({
    type: [ErrorDetailDto],
    required: false,
    description: 'Present for validation errors: one entry per failed field.',
  })
  details?: ErrorDetailDto[];

  @ApiProperty({ example: '0193a4c2-7d1e-7a52-9f2b-3c4d5e6f7a8b' })
  requestId: string;
}
