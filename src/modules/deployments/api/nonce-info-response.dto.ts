import { ApiProperty } from '@nestjs/swagger';

export class NonceInfoResponseDto {
  @ApiProperty({ example: '5', description: 'Next executable nonce' })
  currentNonce: string;

  @ApiProperty({ example: '4', description: 'Highest executed nonce, "-1" before any execution' })
  lastExecutedNonce: string;
}
